package io.loadlab.lab;

import io.loadlab.core.Defaults;
import io.loadlab.core.UserError;
import io.loadlab.core.data.ZipCode;
import io.loadlab.core.data.ZipCodes;
import io.loadlab.core.result.Ceiling;
import io.loadlab.core.result.LoadReport;
import io.loadlab.core.result.MachineSample;
import io.loadlab.core.result.ProcessSeries;
import io.loadlab.core.result.TrialResult;
import io.loadlab.core.result.ValidationResult;
import io.loadlab.core.result.Verdict;
import io.loadlab.core.unit.Duration;
import io.loadlab.lab.LabListener.Phase;
import io.loadlab.lab.deps.Http;
import io.loadlab.lab.load.HlogTail;
import io.loadlab.lab.load.LoadRun;
import io.loadlab.lab.load.ScenarioFiles;
import io.loadlab.lab.proc.Child;
import io.loadlab.lab.proc.ChildLauncher;
import io.loadlab.lab.sample.Sampler;
import io.loadlab.lab.spec.ScenarioKind;
import io.loadlab.lab.spec.ScenarioSpec;
import io.loadlab.lab.validate.Validator;
import io.loadlab.lab.verdict.Evidence;
import io.loadlab.lab.verdict.Verdicts;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs one trial: a fresh pinned server, {@code /health}, validation, warm-up (a separate, discarded load run),
 * the measured run with the sampler on, then the server stopped by PID and the trial judged. Whatever happens, the
 * server is stopped before this returns. Blocking; one trial at a time.
 */
final class TrialRunner {
    private static final long SETTLE_MILLIS = 300;
    /** A user's own server finds the suite's backend and database in these environment variables. */
    static final String BACKEND_URL_ENV = "LOADLAB_BACKEND_URL";

    static final String DB_URL_ENV = "LOADLAB_DB_URL";

    private final SuiteContext ctx;

    TrialRunner(SuiteContext ctx) {
        this.ctx = ctx;
    }

    TrialResult run(TrialPlan plan) throws IOException, InterruptedException {
        Path dir = ctx.store().trialDir(plan.id());
        String startedAt = Instant.now().toString();
        ScenarioSpec scenario = plan.experiment().scenario();
        Map<String, String> files = new LinkedHashMap<>();
        files.put("dir", ctx.store().dir().relativize(dir).toString());
        ctx.listener().phase(plan, Phase.STARTING);
        Child server;
        String url;
        try {
            server = startServer(plan, dir);
            url = serverUrl(server);
            files.put("server_log", rel(dir.resolve("server.log")));
            boolean ready = Http.awaitReady(url + "/health", !external(), server.process(), Defaults.STARTUP_TIMEOUT);
            if (!ready) {
                String why = server.alive()
                        ? "did not answer " + url + "/health within " + Defaults.STARTUP_TIMEOUT
                        : "exited with status " + server.process().exitValue() + " at start";
                ctx.registry().stop(server.process().toHandle());
                return broken(plan, startedAt, "the server " + why + ": " + ChildLauncher.tail(server.log()), files);
            }
        } catch (UserError e) {
            return broken(plan, startedAt, "the server did not start: " + e.getMessage(), files);
        }
        try {
            return measure(plan, dir, server, url, startedAt, files);
        } finally {
            ctx.registry().stop(server.process().toHandle());
        }
    }

    private TrialResult measure(
            TrialPlan plan, Path dir, Child server, String url, String startedAt, Map<String, String> files)
            throws IOException, InterruptedException {
        ScenarioSpec scenario = plan.experiment().scenario();
        ctx.listener().phase(plan, Phase.VALIDATING);
        Validator validator = new Validator(url, !external());
        List<ZipCode> rows =
                scenario.kind() == ScenarioKind.CRUD ? ZipCodes.generate(Defaults.SEED, scenario.keys()) : List.of();
        ValidationResult validation = validator.validate(
                scenario, rows.isEmpty() ? null : rows.get(0), rows.isEmpty() ? null : rows.get(rows.size() - 1));
        Map<String, Object> settings = new LinkedHashMap<>(server.announced());
        settings.putAll(validator.settings());
        if (!validation.passed()) {
            return result(plan, startedAt, validation, null, settings, List.of(), List.of(), null, null, files);
        }
        LoadRun load = new LoadRun(ctx.launcher(), ctx.cpus().loadgen());
        Duration warmup = ctx.spec().warmup();
        if (warmup != null && warmup.nanos() >= 1_000_000_000L) {
            ctx.listener().phase(plan, Phase.WARMUP);
            List<String> args = LoadRun.args(url, scenario, plan.level(), Duration.ZERO, warmup, dir, "warmup");
            Child w = load.start(args, dir, "loadgen-warmup");
            LoadRun.await(w, dir.resolve("warmup.json"), warmup.plus(Duration.ofSeconds(60)));
            ctx.registry().stop(w.process().toHandle());
            // Wait until the server has drained the warm-up's connections (a single-threaded server answers the
            // requests of every closed connection still in its backlog, one by one), so the measured run starts
            // from an idle server, not from the warm-up's leftovers.
            Http.get(url + "/health", Defaults.STARTUP_TIMEOUT.toMillis());
        }
        if (scenario.kind() == ScenarioKind.CRUD && ctx.database() != null) {
            resetDatabase(scenario, rows);
        }
        ctx.listener().phase(plan, Phase.MEASURING);
        Duration duration = ctx.spec().duration();
        List<String> args = LoadRun.args(url, scenario, plan.level(), Defaults.LOADGEN_WARMUP, duration, dir, "load");
        Child gen = load.start(args, dir, "loadgen");
        // The load generator warms its own JVM first; the dependencies' counters are read when it starts measuring,
        // so that they cover the same window as its report.
        Map<String, Long> before = awaitMeasuring(gen, dir.resolve("loadgen.out")) ? work(scenario, false) : Map.of();
        files.put("load_json", rel(dir.resolve("load.json")));
        files.put("hlog", rel(dir.resolve("load.hlog")));
        files.put("loadgen_log", rel(dir.resolve("loadgen.log")));
        Sampler sampler = new Sampler(watched(server, gen), Defaults.INTERVAL.toMillis());
        sampler.start();
        LoadReport report;
        try {
            HlogTail tail = new HlogTail(dir.resolve("load.hlog"));
            report = LoadRun.await(gen, dir.resolve("load.json"), duration.plus(Duration.ofSeconds(60)), () -> {
                HlogTail.Live live = tail.latest();
                if (live != null) {
                    ctx.listener().live(plan, live.rps(), live.p99Ms());
                }
            });
        } finally {
            sampler.stop();
            ctx.registry().stop(gen.process().toHandle());
        }
        ctx.listener().phase(plan, Phase.JUDGING);
        Integer serverExit = server.alive() ? null : server.process().exitValue();
        Map<String, Long> work = delta(before, work(scenario));
        // Sampling starts when the load generator starts measuring (after its own warm-up): every sample counts.
        List<ProcessSeries> series = sampler.series();
        List<MachineSample> machine = sampler.machine();
        return result(plan, startedAt, validation, report, settings, series, machine, work, serverExit, files);
    }

    private TrialResult result(
            TrialPlan plan,
            String startedAt,
            ValidationResult validation,
            LoadReport report,
            Map<String, Object> settings,
            List<ProcessSeries> series,
            List<MachineSample> machine,
            Map<String, Long> work,
            Integer serverExit,
            Map<String, String> files) {
        ScenarioSpec scenario = plan.experiment().scenario();
        Evidence ev = new Evidence(
                scenario.kind(),
                plan.level(),
                validation,
                report,
                series,
                machine,
                ctx.cpus().loadgen(),
                ctx.cpus().dependencies(),
                work,
                serverExit,
                scenario.floor() == null ? null : scenario.floor().nanos() / 1e6);
        List<Verdict> verdicts = Verdicts.judge(ev, ctx.spec().thresholds());
        Ceiling ceiling = Ceilings.of(
                plan.model(), scenario, plan.level(), settings, ctx.spec().backendDelay());
        return new TrialResult(
                plan.id(),
                new io.loadlab.core.result.TrialKey(
                        plan.experiment().name(), plan.model(), scenario.kind().id(), plan.level(), plan.repetition()),
                startedAt,
                verdicts,
                validation,
                validation.passed() ? report : null,
                ceiling,
                new io.loadlab.core.result.ServerFacts(settings, serverExit),
                new io.loadlab.core.result.Resources(series, machine),
                new io.loadlab.core.result.DependencyWork(
                        work == null || !work.containsKey("backend_calls")
                                ? null
                                : new io.loadlab.core.result.DependencyWork.Backend(work.get("backend_calls"), 0, 0),
                        work == null || !work.containsKey("db_rows")
                                ? null
                                : new io.loadlab.core.result.DependencyWork.Database(work.get("db_rows"), 0, null)),
                files);
    }

    private TrialResult broken(TrialPlan plan, String startedAt, String why, Map<String, String> files) {
        ValidationResult v = new ValidationResult(false, List.of(), why);
        return result(plan, startedAt, v, null, Map.of(), List.of(), List.of(), null, null, files);
    }

    private Child startServer(TrialPlan plan, Path dir) throws IOException, InterruptedException {
        if (external()) {
            Map<String, String> env = new LinkedHashMap<>();
            if (ctx.backend() != null) {
                env.put(BACKEND_URL_ENV, ctx.backend().url());
            }
            if (ctx.database() != null) {
                env.put(DB_URL_ENV, ctx.database().uri());
            }
            return ctx.launcher()
                    .start(
                            "server",
                            List.of("/bin/sh", "-c", ctx.spec().server().command()),
                            ctx.cpus().server(),
                            dir,
                            env);
        }
        List<String> args = new ArrayList<>(List.of(plan.model(), "--port", "0"));
        ScenarioKind kind = plan.experiment().scenario().kind();
        if (kind.needsBackend() && ctx.backend() != null) {
            args.addAll(List.of("--backend-url", ctx.backend().url()));
        }
        if (kind.needsDatabase() && ctx.database() != null) {
            args.addAll(List.of("--db-url", ctx.database().uri()));
        }
        plan.experiment().serverOptions().forEach((k, v) -> {
            args.add("--" + k);
            args.add(v);
        });
        return ctx.launcher()
                .startAnnounced(
                        "server",
                        ctx.launcher().loadlabCommand("serve", args),
                        ctx.cpus().server(),
                        dir,
                        Defaults.STARTUP_TIMEOUT);
    }

    private String serverUrl(Child server) {
        if (external()) {
            return ctx.spec().server().url();
        }
        Object host = server.announced().getOrDefault("host", Defaults.HOST);
        return "http://" + host + ":" + server.port();
    }

    private boolean external() {
        return ctx.spec().server() != null;
    }

    private List<Sampler.Watched> watched(Child server, Child gen) {
        List<Sampler.Watched> w = new ArrayList<>();
        w.add(new Sampler.Watched("server", server.pid(), ctx.cpus().server()));
        w.add(new Sampler.Watched("loadgen", gen.pid(), ctx.cpus().loadgen()));
        if (ctx.backend() != null) {
            w.add(new Sampler.Watched(
                    "backend", ctx.backend().child().pid(), ctx.cpus().dependencies()));
        }
        if (ctx.databasePid() > 0) {
            w.add(new Sampler.Watched("postgres", ctx.databasePid(), ctx.cpus().dependencies()));
        }
        return w;
    }

    /** Waits until the load generator prints that it measures; false when it ended or stayed silent instead. */
    private static boolean awaitMeasuring(Child gen, Path out) throws InterruptedException {
        long deadline = System.nanoTime() + Defaults.LOADGEN_WARMUP.nanos() + Defaults.STARTUP_TIMEOUT.nanos();
        while (System.nanoTime() < deadline && gen.alive()) {
            try {
                if (Files.exists(out) && Files.readString(out).contains(Defaults.MEASURING_MARKER)) {
                    return true;
                }
            } catch (IOException e) {
                // not written yet
            }
            Thread.sleep(5);
        }
        return false;
    }

    private Map<String, Long> work(ScenarioSpec s) throws InterruptedException {
        return work(s, true);
    }

    /** The dependencies' work counters; {@code settle}: first let requests in flight reach the backend. */
    private Map<String, Long> work(ScenarioSpec s, boolean settle) throws InterruptedException {
        Map<String, Long> w = new LinkedHashMap<>();
        if (s.kind() == ScenarioKind.BACKEND && ctx.backend() != null) {
            if (settle) {
                Thread.sleep(ctx.spec().backendDelay().toMillis() + SETTLE_MILLIS);
            }
            Long n = ctx.backend().requests();
            if (n != null) {
                w.put("backend_calls", n);
            }
        }
        if (s.kind() == ScenarioKind.CRUD && ctx.database() != null) {
            try {
                w.put("db_rows", ctx.database().rows());
            } catch (SQLException e) {
                ctx.listener().note("could not count the zipcode rows: " + e.getMessage());
            }
        }
        return w;
    }

    private static Map<String, Long> delta(Map<String, Long> before, Map<String, Long> after) {
        if (before.isEmpty() && after.isEmpty()) {
            return null;
        }
        Map<String, Long> d = new LinkedHashMap<>();
        after.forEach((k, v) -> {
            if (before.containsKey(k)) {
                d.put(k, v - before.get(k));
            }
        });
        return d;
    }

    private void resetDatabase(ScenarioSpec s, List<ZipCode> rows) throws IOException {
        try {
            ctx.database().reset(rows.subList(0, ScenarioFiles.writeFrom(s)));
        } catch (SQLException e) {
            throw new IOException("cannot reset the zipcode table: " + e.getMessage(), e);
        }
    }

    private String rel(Path p) {
        return ctx.store().dir().relativize(p).toString();
    }
}
