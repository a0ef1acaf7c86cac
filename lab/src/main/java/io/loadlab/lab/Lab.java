package io.loadlab.lab;

import io.loadlab.core.Defaults;
import io.loadlab.core.UserError;
import io.loadlab.core.host.ConnectionCeiling;
import io.loadlab.core.host.Finding;
import io.loadlab.core.host.HostFacts;
import io.loadlab.core.model.ConcurrencyModel;
import io.loadlab.core.result.ExperimentInfo;
import io.loadlab.core.result.LoadLevel;
import io.loadlab.core.result.NotRun;
import io.loadlab.core.result.SuiteResults;
import io.loadlab.core.unit.Duration;
import io.loadlab.lab.child.Applications;
import io.loadlab.lab.child.ChildLauncher;
import io.loadlab.lab.deps.Dependencies;
import io.loadlab.lab.deps.DependencyLost;
import io.loadlab.lab.proc.Lifeline;
import io.loadlab.lab.proc.ProcessRegistry;
import io.loadlab.lab.spec.CpuSplit;
import io.loadlab.lab.spec.ExperimentSpec;
import io.loadlab.lab.spec.Fault;
import io.loadlab.lab.spec.LabSetup;
import io.loadlab.lab.spec.ScenarioKind;
import io.loadlab.lab.spec.SuitePlan;
import io.loadlab.lab.spec.TrialPlan;
import io.loadlab.lab.spec.UserServer;
import io.loadlab.lab.store.EnvironmentProbe;
import io.loadlab.lab.store.HostLimits;
import io.loadlab.lab.store.ResultsStore;
import io.loadlab.lab.trial.SuiteContext;
import io.loadlab.lab.trial.TrialRunner;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Runs a suite: the dependencies once, then every trial in order, each written to the results as soon as it is
 * judged. Every process it starts is ended by PID before {@link #run} returns, and by a shutdown hook on Ctrl-C or
 * SIGTERM, which also marks the results {@code interrupted} and keeps the finished trials. Blocking; one suite per
 * call, not thread-safe.
 */
public final class Lab {
    /** Where a suite's results are and what they hold. */
    /**
     * A suite's results, where they are, and why it stopped before its last trial when a dependency died that the lab
     * could not start again (null when it ran to its end).
     */
    public record Outcome(Path dir, SuiteResults results, String stopped) {}

    private Lab() {}

    /** Refuses, before anything starts, an open-model crud level whose writes would run out of fresh keys. */
    static void checkKeySpace(SuitePlan plan) {
        double seconds = plan.timing().mostWarmup().toSeconds()
                + plan.timing().duration().toSeconds();
        for (ExperimentSpec e : plan.experiments()) {
            if (e.scenario().kind() != ScenarioKind.CRUD) {
                continue;
            }
            for (LoadLevel l : e.loads()) {
                String problem =
                        l.rateRps() == null ? null : e.scenario().crud().keySpaceProblem(l.rateRps(), seconds);
                if (problem != null) {
                    throw new UserError("experiment " + e.name() + ": " + problem);
                }
            }
        }
    }

    /** The framework applications the plan's models run in ({@code frameworks/APP}), each once. */
    static List<String> applications(SuitePlan plan) {
        return plan.experiments().stream()
                .flatMap(e -> e.models().stream())
                .filter(ExperimentSpec::inCatalog)
                .map(ConcurrencyModel::byId)
                .filter(m -> !m.launch().reference())
                .map(m -> m.launch().app())
                .distinct()
                .toList();
    }

    /** A fault fails a dependency the lab started: it can neither kill nor start again a user's. */
    static void checkFaults(SuitePlan plan, LabSetup setup) {
        for (ExperimentSpec e : plan.experiments()) {
            Fault f = e.scenario().overload().fault();
            if (f == null) {
                continue;
            }
            if (f.target() == Fault.Target.POSTGRES && setup.dbUrl() != null) {
                throw new UserError("experiment " + e.name() + ": its fault " + f.label() + " fails the lab's own"
                        + " PostgreSQL, and --db-url names one that is not the lab's to kill or start: leave out"
                        + " --db-url for this suite");
            }
            if (f.target() == Fault.Target.BACKEND && setup.backendCommand() != null) {
                throw new UserError("experiment " + e.name() + ": its fault " + f.label() + " fails the lab's own"
                        + " backend, which --backend-cmd replaces: leave out --backend-cmd for this suite");
            }
        }
    }

    public static Outcome run(SuitePlan plan, LabSetup setup, LabListener listener)
            throws IOException, InterruptedException {
        checkKeySpace(plan);
        checkFaults(plan, setup);
        List<String> apps = applications(plan);
        if (!apps.isEmpty()) {
            Applications.find().ensureBuilt(apps, listener::note);
        }
        int cpusOnline = Runtime.getRuntime().availableProcessors();
        boolean pin = ChildLauncher.canPin();
        CpuSplit cpus = setup.cpus() != null ? setup.cpus() : pin ? CpuSplit.forHost(cpusOnline) : CpuSplit.UNPINNED;
        ProcessRegistry registry = new ProcessRegistry(Defaults.GRACEFUL_STOP.toJava());
        ConnectionCeiling doctor = ConnectionCeiling.of(HostFacts.read());
        int ceiling = HostLimits.of(doctor);
        List<ExperimentInfo> infos = plan.experiments().stream()
                .map(e -> e.info().withNotRun(notRun(e, ceiling, doctor)))
                .toList();
        ResultsStore store = ResultsStore.create(
                setup.resultsRoot(), plan.name(), plan.description(), settings(plan, setup, cpus, pin, ceiling), infos);
        List<String> jvmFlags = new ArrayList<>(Defaults.jvmFlags());
        jvmFlags.addAll(setup.jvmFlags()); // the user's come last: a later flag overrides an earlier one
        ChildLauncher launcher = new ChildLauncher(
                registry,
                jvmFlags,
                pin,
                System.getProperty("java.class.path"),
                Map.of(ChildLauncher.RESULTS_ENV, store.dir().toString()));
        // should this JVM be killed outright, what it started is still ended
        Lifeline lifeline =
                Lifeline.start(ChildLauncher.RESULTS_ENV, store.dir().toString());
        store.environment(EnvironmentProbe.probe(cpus.asMap(), jvmFlags, ceiling));
        List<TrialPlan> trials = trials(plan, ceiling, infos, store, listener);
        int total = trials.size()
                + plan.experiments().stream()
                        .filter(e -> e.capacity() != null)
                        .mapToInt(e -> e.trials(1))
                        .sum();
        AtomicReference<Dependencies> depsRef = new AtomicReference<>();
        Thread hook = new Thread(() -> onSignal(store, launcher, lifeline, listener, depsRef), "loadlab-interrupt");
        Runtime.getRuntime().addShutdownHook(hook);
        String status = SuiteResults.FAILED;
        String stopped = null;
        try {
            double triggers = triggerSeconds(plan, trials);
            listener.suiteStarted(
                    plan,
                    store.dir(),
                    total,
                    estimateSeconds(plan) * total + triggers,
                    (estimateSeconds(plan) + stretchSeconds(plan)) * total + triggers);
            for (ExperimentSpec e : plan.experiments()) {
                if (!e.refused().isEmpty()) {
                    String note = "experiment " + e.name() + " demonstrates " + String.join(", ", e.refused())
                            + " broken: the lab must refuse its numbers, and a valid number for it fails the run";
                    store.note(note);
                    listener.note(note);
                }
            }
            if (!pin) {
                listener.note(
                        cpusOnline < 2
                                ? "1 CPU: pinning is off, the load generator shares the server's CPU"
                                : "taskset not found: pinning is off");
            }
            for (String note : OtherRuns.notes(store.dir())) {
                store.note(note);
                listener.note(note);
            }
            for (UserServer server : plan.servers()) {
                if (server.alreadyRunning()) {
                    store.note(server.warning());
                    listener.note(server.warning());
                }
            }
            Dependencies deps = Dependencies.start(
                    plan.needsBackend(),
                    plan.needsDatabase(),
                    plan.needsDatabaseTls(),
                    plan.needsHttps(),
                    launcher,
                    registry,
                    setup.backendCommand(),
                    plan.backendDelay(),
                    setup.dbUrl(),
                    cpus.dependencies(),
                    store.dir().resolve("dependencies"));
            depsRef.set(deps);
            Map<String, Object> db = deps.databaseInfo();
            if (db != null) {
                db.put("tls_requested", plan.needsDatabaseTls());
                store.database(db);
            }
            TrialRunner runner = new TrialRunner(new SuiteContext(plan, setup, cpus, launcher, store, deps, listener));
            TrialSequence sequence = new TrialSequence(runner, store, listener, total);
            try {
                for (TrialPlan p : trials) {
                    if (sequence.run(p) == null) {
                        break;
                    }
                }
                if (!sequence.stopped()) {
                    CapacityRuns.run(plan, sequence, store, listener);
                }
                status = SuiteResults.COMPLETE;
            } catch (DependencyLost e) {
                stopped = e.getMessage() + "; the suite stops here, its finished trials kept";
                store.note(stopped);
                listener.note(stopped);
            }
        } finally {
            try {
                Dependencies deps = depsRef.get();
                if (deps != null) {
                    deps.close();
                }
                launcher.stopAll();
                lifeline.close();
                // may fail, e.g. on a full disk: the hook must still go, or the JVM's exit says "Interrupted"
                store.close(status);
            } finally {
                try {
                    Runtime.getRuntime().removeShutdownHook(hook);
                } catch (IllegalStateException shuttingDown) {
                    // the hook runs
                }
            }
        }
        SuiteResults results = store.snapshot();
        listener.suiteFinished(results, store.dir());
        return new Outcome(store.dir(), results, stopped);
    }

    /** Seconds per trial: start-ups, validation and shutdown (~4 s) besides the warm-up and the window. */
    static double estimateSeconds(SuitePlan plan) {
        return plan.timing().leastWarmup().toSeconds()
                + plan.timing().duration().toSeconds()
                + 4;
    }

    /** What the windows of trials with a trigger add, stretched until their recovery can be judged. */
    static double triggerSeconds(SuitePlan plan, List<TrialPlan> trials) {
        Duration d = plan.timing().duration();
        return trials.stream()
                .mapToDouble(t -> t.experiment().scenario().overload().window(d).toSeconds() - d.toSeconds())
                .sum();
    }

    /** The most a trial's warm-up may add to its estimate while the server's JIT compiles. */
    static double stretchSeconds(SuitePlan plan) {
        return plan.timing().mostWarmup().toSeconds()
                - plan.timing().leastWarmup().toSeconds();
    }

    private static void onSignal(
            ResultsStore store,
            ChildLauncher launcher,
            Lifeline lifeline,
            LabListener listener,
            AtomicReference<Dependencies> deps) {
        try {
            store.close(SuiteResults.INTERRUPTED);
        } catch (IOException e) {
            // the processes are still ended below
        }
        listener.interrupted();
        launcher.stopAll();
        Dependencies d = deps.get();
        if (d != null) {
            d.close();
        }
        lifeline.close();
    }

    /**
     * The load levels of {@code e} this host cannot run, each with {@code loadlab doctor}'s reason: the setting that
     * binds the connection ceiling, its value, and the lines that raise it.
     */
    static List<NotRun> notRun(ExperimentSpec e, int ceiling, ConnectionCeiling doctor) {
        Finding binding = doctor.findings().stream()
                .filter(f -> f.status() == Finding.Status.LIMIT)
                .findFirst()
                .orElse(null);
        List<NotRun> out = new ArrayList<>();
        for (LoadLevel level : e.loads()) {
            if (level.connections() > ceiling) {
                String why = String.format(
                        "needs %,d connections; this host allows about %,d: the binding limit is %s",
                        level.connections(), ceiling, binding == null ? doctor.bindingLimit() : binding.name());
                if (binding != null) {
                    why += " (" + binding.value() + ")";
                }
                List<String> fix = binding == null
                        ? List.of("see 'loadlab doctor'")
                        : binding.fix().stream().filter(l -> !l.startsWith("#")).toList();
                out.add(new NotRun(level, why, fix));
            }
        }
        return out;
    }

    private static List<TrialPlan> trials(
            SuitePlan plan, int ceiling, List<ExperimentInfo> infos, ResultsStore store, LabListener listener)
            throws IOException {
        List<TrialPlan> out = new ArrayList<>();
        int index = 1;
        for (int i = 0; i < plan.experiments().size(); i++) {
            ExperimentSpec e = plan.experiments().get(i);
            for (NotRun n : infos.get(i).notRunOrEmpty()) {
                String note = "not run here: " + e.name() + " at " + n.load().label() + ": " + n.reason()
                        + "; to raise it: " + String.join(" ; ", n.fix()) + " (loadlab doctor)";
                store.note(note);
                listener.note(note);
            }
            for (LoadLevel level : e.capacity() != null ? List.<LoadLevel>of() : e.loads()) {
                if (level.connections() > ceiling) {
                    continue;
                }
                // repetitions take turns across the models, so that a drift of the host's (another process, a
                // warmer page cache) spreads over every model instead of landing on one model's runs
                for (int r = 1; r <= plan.timing().repetitions(); r++) {
                    for (String model : e.models()) {
                        out.add(new TrialPlan(index++, e, model, level, r));
                    }
                }
            }
        }
        return out;
    }

    private static Map<String, Object> settings(
            SuitePlan plan, LabSetup setup, CpuSplit cpus, boolean pin, int ceiling) {
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("warmup_s", plan.timing().warmup().toSeconds());
        s.put("warmup_limit_s", plan.timing().warmupLimit().toSeconds());
        s.put("duration_s", plan.timing().duration().toSeconds());
        s.put("repetitions", plan.timing().repetitions());
        s.put("cpus", cpus.asMap());
        s.put("pinned", pin && cpus.pinned());
        s.put("backend_delay_ms", plan.backendDelay().toMillis());
        s.put("thresholds", plan.thresholds());
        s.put("connection_ceiling", ceiling);
        s.put("jvm_flags", setup.jvmFlags());
        if (plan.agents() > 1) {
            s.put("loadgen_agents", plan.agents());
        }
        if (!plan.servers().isEmpty()) {
            s.put("servers", plan.servers().stream().map(UserServer::describe).toList());
        }
        if (plan.servers().size() == 1) {
            UserServer server = plan.servers().get(0);
            if (server.command() != null) {
                s.put("server_cmd", server.command());
            }
            s.put("server_url", server.url());
            s.put("server_started_by_lab", !server.alreadyRunning());
        }
        if (setup.backendCommand() != null) {
            s.put("backend_cmd", setup.backendCommand());
        }
        return s;
    }
}
