package io.loadlab.lab;

import io.loadlab.core.Defaults;
import io.loadlab.core.UserError;
import io.loadlab.core.result.LoadLevel;
import io.loadlab.core.result.SuiteResults;
import io.loadlab.core.result.TrialResult;
import io.loadlab.core.result.ValidationResult;
import io.loadlab.core.result.Verdict;
import io.loadlab.core.result.VerdictCode;
import io.loadlab.lab.deps.Backend;
import io.loadlab.lab.deps.Database;
import io.loadlab.lab.deps.Databases;
import io.loadlab.lab.proc.ChildLauncher;
import io.loadlab.lab.proc.ProcessRegistry;
import io.loadlab.lab.spec.CpuSplit;
import io.loadlab.lab.spec.ExperimentSpec;
import io.loadlab.lab.spec.SuiteSpec;
import io.loadlab.lab.store.EnvironmentProbe;
import io.loadlab.lab.store.HostLimits;
import io.loadlab.lab.store.ResultsStore;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs a suite: the dependencies once, then every trial in order, each written to the results as soon as it is
 * judged. Every process it starts is ended by PID before {@link #run} returns, and by a shutdown hook on Ctrl-C or
 * SIGTERM, which also marks the results {@code interrupted} and keeps the finished trials. Blocking; one suite per
 * call, not thread-safe.
 */
public final class Lab {
    /** Where a suite's results are and what they hold. */
    public record Outcome(Path dir, SuiteResults results) {}

    private Lab() {}

    public static Outcome run(SuiteSpec spec, LabListener listener) throws IOException, InterruptedException {
        int cpusOnline = Runtime.getRuntime().availableProcessors();
        boolean pin = ChildLauncher.canPin();
        CpuSplit cpus = spec.cpus() != null ? spec.cpus() : pin ? CpuSplit.forHost(cpusOnline) : CpuSplit.UNPINNED;
        ProcessRegistry registry = new ProcessRegistry(Defaults.GRACEFUL_STOP.toJava());
        int ceiling = HostLimits.connectionCeiling();
        ResultsStore store = ResultsStore.create(
                spec.resultsRoot(), spec.name(), spec.description(), settings(spec, cpus, pin, ceiling));
        List<String> jvmFlags = new ArrayList<>(Defaults.jvmFlags());
        jvmFlags.addAll(spec.jvmFlags()); // the suite's come last: a later flag overrides an earlier one
        ChildLauncher launcher = new ChildLauncher(
                registry,
                jvmFlags,
                pin,
                System.getProperty("java.class.path"),
                Map.of(ChildLauncher.RESULTS_ENV, store.dir().toString()));
        store.environment(EnvironmentProbe.probe(cpus.asMap(), jvmFlags));
        List<TrialPlan> plans = plan(spec, ceiling, store, listener);
        Databases.Handle db = null;
        java.util.concurrent.atomic.AtomicReference<Databases.Handle> dbRef =
                new java.util.concurrent.atomic.AtomicReference<>();
        Thread hook = new Thread(() -> onSignal(store, registry, listener, dbRef), "loadlab-interrupt");
        Runtime.getRuntime().addShutdownHook(hook);
        String status = SuiteResults.FAILED;
        try {
            // start-ups, validation, the load generator's own warm-up, shutdown: ~5 s besides the two phases
            double perTrial = spec.warmup().toSeconds()
                    + Defaults.LOADGEN_WARMUP.toSeconds()
                    + spec.duration().toSeconds()
                    + 5;
            listener.suiteStarted(spec, store.dir(), plans.size(), perTrial * plans.size());
            if (!pin) {
                listener.note(
                        cpusOnline < 2
                                ? "1 CPU: pinning is off, the load generator shares the server's CPU"
                                : "taskset not found: pinning is off");
            }
            Path deps = store.dir().resolve("dependencies");
            Backend backend = spec.needsBackend()
                    ? Backend.start(launcher, spec.backendCommand(), spec.backendDelay(), cpus.dependencies(), deps)
                    : null;
            Database database = null;
            if (spec.needsDatabase()) {
                db = Databases.open(spec.dbUrl(), registry, deps);
                dbRef.set(db);
                database = db.database();
                Map<String, Object> info = new LinkedHashMap<>(database.settings());
                info.put("embedded", db.pid() > 0);
                info.put(
                        "tls_requested",
                        spec.experiments().stream().anyMatch(e -> e.scenario().tls()));
                store.database(info);
            }
            SuiteContext ctx = new SuiteContext(
                    spec, cpus, registry, launcher, store, backend, database, db == null ? -1 : db.pid(), listener);
            TrialRunner runner = new TrialRunner(ctx);
            for (TrialPlan p : plans) {
                listener.trialStarted(p.index(), plans.size(), p);
                TrialResult r;
                try {
                    r = runner.run(p);
                } catch (IOException | UserError e) {
                    r = failed(p, e.getMessage());
                }
                if (!store.add(r)) {
                    break; // interrupted: the half-run trial is not kept
                }
                listener.trialFinished(p.index(), plans.size(), r);
            }
            status = SuiteResults.COMPLETE;
        } finally {
            if (db != null) {
                db.close();
            }
            registry.stopAll();
            store.close(status);
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // the hook runs
            }
        }
        SuiteResults results = store.snapshot();
        listener.suiteFinished(results, store.dir());
        return new Outcome(store.dir(), results);
    }

    private static void onSignal(
            ResultsStore store,
            ProcessRegistry registry,
            LabListener listener,
            java.util.concurrent.atomic.AtomicReference<Databases.Handle> db) {
        try {
            store.close(SuiteResults.INTERRUPTED);
        } catch (IOException e) {
            // the processes are still ended below
        }
        listener.interrupted();
        registry.stopAll();
        Databases.Handle h = db.get();
        if (h != null) {
            h.close();
        }
    }

    private static List<TrialPlan> plan(SuiteSpec spec, int ceiling, ResultsStore store, LabListener listener)
            throws IOException {
        List<TrialPlan> plans = new ArrayList<>();
        int index = 1;
        for (ExperimentSpec e : spec.experiments()) {
            for (LoadLevel level : e.loads()) {
                if (level.connections() > ceiling) {
                    String note = "skipped " + e.name() + " at " + level.label() + ": this host allows about " + ceiling
                            + " connections (open-file hard limit, ephemeral ports); see 'loadlab doctor'";
                    store.note(note);
                    listener.note(note);
                    continue;
                }
                for (String model : e.models()) {
                    for (int r = 1; r <= spec.repetitions(); r++) {
                        plans.add(new TrialPlan(index++, e, model, level, r));
                    }
                }
            }
        }
        return plans;
    }

    private static TrialResult failed(TrialPlan p, String why) {
        return new TrialResult(
                p.id(),
                new io.loadlab.core.result.TrialKey(
                        p.experiment().name(),
                        p.model(),
                        p.experiment().scenario().kind().id(),
                        p.level(),
                        p.repetition()),
                java.time.Instant.now().toString(),
                List.of(new Verdict(VerdictCode.ERRORS, "the trial could not run: " + why)),
                new ValidationResult(false, List.of(), why),
                null,
                io.loadlab.core.result.Ceiling.NONE,
                io.loadlab.core.result.ServerFacts.UNKNOWN,
                io.loadlab.core.result.Resources.NONE,
                io.loadlab.core.result.DependencyWork.NONE,
                Map.of());
    }

    private static Map<String, Object> settings(SuiteSpec spec, CpuSplit cpus, boolean pin, int ceiling) {
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("warmup_s", spec.warmup().toSeconds());
        s.put("duration_s", spec.duration().toSeconds());
        s.put("repetitions", spec.repetitions());
        s.put("cpus", cpus.asMap());
        s.put("pinned", pin && cpus.pinned());
        s.put("backend_delay_ms", spec.backendDelay().toMillis());
        s.put("thresholds", spec.thresholds());
        s.put("connection_ceiling", ceiling);
        s.put("jvm_flags", spec.jvmFlags());
        if (spec.server() != null) {
            s.put("server_cmd", spec.server().command());
            s.put("server_url", spec.server().url());
        }
        if (spec.backendCommand() != null) {
            s.put("backend_cmd", spec.backendCommand());
        }
        List<Map<String, Object>> exps = new ArrayList<>();
        for (ExperimentSpec e : spec.experiments()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("name", e.name());
            m.put("scenario", e.scenario());
            m.put("models", e.models());
            m.put("loads", e.loads());
            m.put("server_options", e.serverOptions());
            exps.add(m);
        }
        s.put("experiments", exps);
        return s;
    }
}
