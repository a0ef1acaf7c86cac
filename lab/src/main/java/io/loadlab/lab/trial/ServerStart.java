package io.loadlab.lab.trial;

import io.loadlab.core.model.ConcurrencyModel;
import io.loadlab.core.model.Knob;
import io.loadlab.core.model.Launch;
import io.loadlab.lab.LabDefaults;
import io.loadlab.lab.child.Applications;
import io.loadlab.lab.child.ChildEvent;
import io.loadlab.lab.child.ChildLauncher;
import io.loadlab.lab.child.ChildProcess;
import io.loadlab.lab.child.ServeJob;
import io.loadlab.lab.deps.Database;
import io.loadlab.lab.deps.Http;
import io.loadlab.lab.profile.AsyncProfilerLibrary;
import io.loadlab.lab.profile.ProfileMode;
import io.loadlab.lab.profile.ServerProfiler;
import io.loadlab.lab.spec.ScenarioSpec;
import io.loadlab.lab.spec.TrialPlan;
import io.loadlab.lab.spec.UserServer;
import io.loadlab.servers.ServerSpec;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The first phase of a trial: a fresh server, pinned to the server's CPUs, until it answers {@code /health}. A
 * reference model is a {@link ServeJob} child with the experiment's server options and the suite's dependencies; a
 * user's own server is their shell command, which finds the dependencies in {@link #BACKEND_URL_ENV} and
 * {@link #DB_URL_ENV}. A server that does not come up makes the trial APP_BROKEN, with its log's last lines.
 */
final class ServerStart {
    /**
     * A user's own server finds the suite's backend and database in the same environment variables as a framework
     * model's application.
     */
    static final String BACKEND_URL_ENV = Launch.BACKEND_URL;

    static final String DB_URL_ENV = Launch.DB_URL;

    private static final String LOOPBACK = "127.0.0.1";

    private final SuiteContext ctx;

    ServerStart(SuiteContext ctx) {
        this.ctx = ctx;
    }

    /** The server's spec for a reference model: port 0, the dependencies this scenario uses, the options. */
    ServerSpec spec(TrialPlan plan) {
        ServerSpec.Builder b = ServerSpec.builder(plan.model()).port(0);
        if (plan.experiment().scenario().kind().needsBackend()
                && ctx.dependencies().backendUrl() != null) {
            b.backendUrl(URI.create(ctx.dependencies().backendUrl()));
        }
        Database db = ctx.dependencies().database();
        if (plan.experiment().scenario().kind().needsDatabase() && db != null) {
            b.db(db.uri(plan.experiment().scenario().databaseTls()), null, null);
        }
        if (plan.experiment().scenario().https()) {
            b.tls(ctx.dependencies().serverTls());
        }
        b.http2(plan.experiment().scenario().http2());
        return plan.experiment().server().applyTo(b).build();
    }

    StartedServer start(TrialPlan plan, TrialDir dir) throws IOException, InterruptedException, TrialBroken {
        UserServer user = ctx.plan().server(plan.model());
        if (user != null) {
            return user(user, plan, dir);
        }
        ConcurrencyModel model = ConcurrencyModel.byId(plan.model());
        if (!model.launch().reference()) {
            return application(model, plan, dir);
        }
        ServerSpec spec = spec(plan);
        ChildProcess p = ctx.launcher()
                .start(ChildLauncher.SERVER_ROLE, new ServeJob(spec), ctx.cpus().server(), dir.dir(), profilerFlags());
        ChildEvent.Serving ready = p.await(ChildEvent.Serving.class, LabDefaults.STARTUP_TIMEOUT, e -> {});
        if (ready == null) {
            ctx.launcher().stop(p);
            throw new TrialBroken("the server did not start"
                    + (p.alive()
                            ? " within " + LabDefaults.STARTUP_TIMEOUT
                            : " (exit status " + p.process().exitValue() + ")")
                    + ": " + p.logTail());
        }
        String url = (spec.tls() == null ? "http://" : "https://") + ready.host() + ":" + ready.port();
        awaitHealth(p, url, true);
        return new StartedServer(p, url, AnnouncedSettings.of(ready.settings()), Map.of(), spec, profiler(p, dir));
    }

    private StartedServer user(UserServer s, TrialPlan plan, TrialDir dir)
            throws IOException, InterruptedException, TrialBroken {
        // what the suite declares this variant runs with, beside what it may announce itself
        Map<String, String> declared = s.settings();
        if (s.alreadyRunning()) {
            if (!Http.awaitReady(s.url() + "/health", false, null, LabDefaults.STARTUP_TIMEOUT)) {
                throw new TrialBroken("the server at " + s.url() + " did not answer " + s.url() + "/health within "
                        + LabDefaults.STARTUP_TIMEOUT + "; is it running? (without --server-cmd the lab does not"
                        + " start it)");
            }
            return new StartedServer(
                    null,
                    s.url(),
                    AnnouncedSettings.fetch(s.url()),
                    declared,
                    null,
                    ServerProfiler.without(
                            ctx.setup().profile(),
                            "no profile: the lab did not start this server, so it knows no JVM" + " to attach to"));
        }
        Map<String, String> env = new LinkedHashMap<>();
        if (ctx.dependencies().backendUrl() != null) {
            env.put(BACKEND_URL_ENV, ctx.dependencies().backendUrl());
        }
        if (ctx.dependencies().database() != null) {
            env.put(
                    DB_URL_ENV,
                    ctx.dependencies()
                            .database()
                            .uri(plan.experiment().scenario().databaseTls()));
        }
        ChildProcess p = ctx.launcher()
                .startCommand(ChildLauncher.SERVER_ROLE, s.command(), ctx.cpus().server(), dir.dir(), env);
        return serving(p, s.url(), false, declared, dir);
    }

    /**
     * The one way a server the lab started as a process of its own — a framework model's application or a user's
     * command — is taken into a trial: it must answer {@code /health} (a contract server with 200; a user's server with
     * any HTTP answer, as it may have no such route), its settings are what it serves at {@code /settings}, read once
     * here, with what the suite declares for it, and the profiler attaches to it.
     */
    private StartedServer serving(
            ChildProcess p, String url, boolean contract, Map<String, String> declared, TrialDir dir)
            throws InterruptedException, TrialBroken {
        awaitHealth(p, url, contract);
        return new StartedServer(p, url, AnnouncedSettings.fetch(url), declared, null, profiler(p, dir));
    }

    /**
     * A framework model: its application's jar ({@link Applications}, built before the suite started) on a free
     * loopback port, configured by its environment ({@link Launch#environment}) with the experiment's options that it
     * takes, in a JVM with the reference servers' flags. Its settings are what it serves at {@code /settings}.
     */
    private StartedServer application(ConcurrencyModel model, TrialPlan plan, TrialDir dir)
            throws IOException, InterruptedException, TrialBroken {
        ScenarioSpec scenario = plan.experiment().scenario();
        if (scenario.https() || scenario.http2()) {
            throw new TrialBroken(model + " is started with its framework's plain HTTP/1.1 connector: the lab does not"
                    + " configure its TLS or HTTP/2");
        }
        Map<Knob, String> knobs = new LinkedHashMap<>();
        Map<String, String> options = plan.experiment().server().asMap();
        for (Knob k : model.knobs()) {
            if (options.containsKey(k.name())) {
                knobs.put(k, options.get(k.name()));
            } else if (ConcurrencyModel.COMMON_KNOBS.contains(k)) {
                // the reference servers' database pool and backlog unless the suite says otherwise: equal by default
                knobs.put(k, k.defaultValue());
            }
        }
        Database db = ctx.dependencies().database();
        int port = freePort();
        Map<String, String> env = model.launch()
                .environment(
                        LOOPBACK,
                        port,
                        scenario.kind().needsBackend() && ctx.dependencies().backendUrl() != null
                                ? URI.create(ctx.dependencies().backendUrl())
                                : null,
                        scenario.kind().needsDatabase() && db != null ? db.uri(scenario.databaseTls()) : null,
                        knobs);
        Path jar = Applications.find().jar(model.launch().app());
        ChildProcess p = ctx.launcher()
                .startJar(ChildLauncher.SERVER_ROLE, jar, ctx.cpus().server(), dir.dir(), env, profilerFlags());
        return serving(p, "http://" + LOOPBACK + ":" + port, true, Map.of(), dir);
    }

    /** A port free on loopback now; the application binds it a moment later (no other process of the lab binds). */
    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName(LOOPBACK))) {
            return s.getLocalPort();
        }
    }

    /**
     * A reference server starts with async-profiler's agent loaded (no sampling until the window): loading it at
     * start spares the JVM a dynamic agent load, and it sees every method the JIT compiles.
     */
    private List<String> profilerFlags() {
        AsyncProfilerLibrary lib = AsyncProfilerLibrary.find();
        return ctx.setup().profile() == ProfileMode.OFF || !lib.available()
                ? List.of()
                : List.of("-agentpath:" + lib.library());
    }

    /** Attached before validation, so that the attach's own CPU falls outside the window. */
    private ServerProfiler profiler(ChildProcess p, TrialDir dir) {
        return ServerProfiler.attach(
                ctx.setup().profile(), p.process().toHandle(), AsyncProfilerLibrary.find(), dir.dir());
    }

    private void awaitHealth(ChildProcess p, String url, boolean need200) throws InterruptedException, TrialBroken {
        if (!Http.awaitReady(url + "/health", need200, p.process(), LabDefaults.STARTUP_TIMEOUT)) {
            String why = p.alive()
                    ? "did not answer " + url + "/health within " + LabDefaults.STARTUP_TIMEOUT
                    : "exited with status " + p.process().exitValue() + " at start";
            ctx.launcher().stop(p);
            throw new TrialBroken("the server " + why + ": " + p.logTail());
        }
    }
}
