package io.loadlab.report;

import io.loadlab.core.Json;
import io.loadlab.core.result.Ceiling;
import io.loadlab.core.result.ConnectionFairness;
import io.loadlab.core.result.Criterion;
import io.loadlab.core.result.DependencyWork;
import io.loadlab.core.result.Environment;
import io.loadlab.core.result.ErrorCategory;
import io.loadlab.core.result.ErrorCounts;
import io.loadlab.core.result.ExperimentInfo;
import io.loadlab.core.result.LoadLevel;
import io.loadlab.core.result.NotRun;
import io.loadlab.core.result.Published;
import io.loadlab.core.result.Resources;
import io.loadlab.core.result.ServerFacts;
import io.loadlab.core.result.SuiteResults;
import io.loadlab.core.result.TrialKey;
import io.loadlab.core.result.TrialResult;
import io.loadlab.core.result.ValidationResult;
import io.loadlab.core.result.Verdict;
import io.loadlab.core.result.VerdictCode;
import io.loadlab.core.settings.ServerSettings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Writes the checked-in results fixtures run-a and run-b (results schema 2) from a seeded model of plausible numbers
 * ({@link FixtureTrial}). Run A holds an experiment at three load levels (line charts), one at a single load level
 * with several models ranked by throughput under a p99 SLO (bars; a STARVED model with unfinished requests and
 * starved connections, a BELOW_CEILING one, one above the SLO, two tied within noise), an open-model mix ranked by
 * the p99 of its fast request, and a broken app. Run B differs from A on purpose: netty is ~30% faster at 1000
 * connections (A was CPU-starved there), virtual-threads ~20% slower, the rest is the same up to noise. The
 * schema-1 fixture beside them is frozen: it checks that old results still load. Regenerate with
 * {@code main(report/src/test/resources/fixtures)}.
 */
final class FixtureFactory {
    private static final String DELAY = "rxjava-servers";
    private static final String BACKEND = "c10k-backend";
    private static final String MIX = "spring-async-servlet";
    private static final String CRUD = "reactive-crud";

    private final Path dir;
    private final boolean runB;
    private final Random random;
    private final List<TrialResult> trials = new ArrayList<>();

    private FixtureFactory(Path dir, boolean runB) {
        this.dir = dir;
        this.runB = runB;
        this.random = new Random(runB ? 2 : 1);
    }

    public static void main(String[] args) throws IOException {
        Path root = Path.of(args.length > 0 ? args[0] : "report/src/test/resources/fixtures");
        new FixtureFactory(root.resolve("run-a"), false).write();
        new FixtureFactory(root.resolve("run-b"), true).write();
    }

    private void write() throws IOException {
        List<ExperimentInfo> experiments = new ArrayList<>();
        delayExperiment(experiments);
        if (!runB) {
            backendExperiment(experiments);
        }
        mixExperiment(experiments);
        if (!runB) {
            crudBroken(experiments);
        }
        SuiteResults results = new SuiteResults(
                SuiteResults.SCHEMA_VERSION,
                "fixture",
                "delay, backend, an open-model 9:1 mix and a broken CRUD app on a few models (checked-in fixture)",
                SuiteResults.COMPLETE,
                runB ? "2026-11-21T10:00:00Z" : "2026-11-20T10:00:00Z",
                runB ? "2026-11-21T10:40:00Z" : "2026-11-20T10:45:00Z",
                Map.of("repetitions", 3, "warmup_s", 3, "duration_s", FixtureTrial.SECONDS, "backend_delay_ms", 50),
                experiments,
                null,
                runB
                        ? List.of()
                        : List.of("load level 20000 conn skipped: above this host's connection ceiling (19800)"),
                trials);
        Json.writeAtomically(dir.resolve("results.json"), results);
        Json.writeAtomically(dir.resolve("environment.json"), environment());
    }

    private void add(FixtureTrial t) throws IOException {
        trials.add(t.write(dir, random, String.format("2026-11-20T10:%02d:00Z", trials.size() % 60)));
    }

    /** Three load levels (line charts); no criterion recorded, so the closed model's default ranks it. */
    private void delayExperiment(List<ExperimentInfo> experiments) throws IOException {
        List<String> models = new ArrayList<>(List.of("netty", "virtual-threads", "thread-pool"));
        int[] levels = {10, 100, 1000};
        for (int c : levels) {
            boolean big = c == 1000;
            double slow = big && runB ? 0.8 : 1.0;
            for (int rep = 1; rep <= 3; rep++) {
                FixtureTrial netty =
                        delay("netty", c, rep, big && !runB ? 0.74 : 0.985, 100.4, big ? (runB ? 112 : 165) : 104, 3);
                if (big && !runB) {
                    netty.verdict(
                            VerdictCode.BELOW_CEILING,
                            "74% of the 10,000 req/s ceiling with nothing saturated: the server's 3 threads were 95%"
                                    + " busy on one core while the other idled (event loops = usable CPUs = 1)");
                }
                add(netty);
                add(delay("virtual-threads", c, rep, 0.975 * slow, 100.6, big ? 121 / slow : 106, 18));
                int busy = Math.min(c, 100);
                double floor = c <= 100 ? 100.5 : 100.0 * c / busy - 60;
                FixtureTrial pool =
                        delay("thread-pool", c, rep, c <= 100 ? 0.98 : 0.995, floor, c <= 100 ? 105 : floor + 190, 110);
                if (c >= 100) {
                    pool.ceiling = new Ceiling(
                            c / 0.1,
                            100.0,
                            c + " connections ÷ 100ms = " + c * 10 + " req/s",
                            1000.0,
                            "thread-pool: 100 threads ÷ 100ms = 1000 req/s");
                }
                if (big && rep == 2) {
                    pool.verdict(VerdictCode.NOT_STEADY, "throughput varied 17% between windows (threshold 15%)");
                }
                add(pool);
            }
            if (!runB) {
                FixtureTrial tpc =
                        delay("thread-per-connection", c, 1, big ? 0.71 : 0.98, 100.8, big ? 2_900 : 108, c + 12);
                if (big) {
                    tpc.errors = ErrorCounts.of(ErrorCategory.TIMEOUT, 1_749);
                    tpc.verdict(
                            VerdictCode.ERRORS,
                            "4.1% of requests timed out (threshold 1%): 1,012 threads could not be scheduled in time");
                }
                add(tpc);
            }
        }
        if (!runB) {
            models.add("thread-per-connection");
        }
        // run A also declares 50,000 connections, which its host could not run, and the book's figures
        experiments.add(new ExperimentInfo(
                DELAY,
                "delay",
                "delay 100ms",
                models,
                runB
                        ? List.of(new LoadLevel(10, null), new LoadLevel(100, null), new LoadLevel(1000, null))
                        : List.of(
                                new LoadLevel(10, null),
                                new LoadLevel(100, null),
                                new LoadLevel(1000, null),
                                new LoadLevel(50_000, null)),
                Map.of(),
                null,
                runB
                        ? null
                        : new Published(
                                "RxJava book, HTTP server benchmarks",
                                "home laptop, Intel i7 2.4 GHz",
                                "wrk -t6 -c10000 -d60s --timeout 10s --latency",
                                List.of(
                                        new Published.Figure(
                                                "thread-pool",
                                                "ThreadPool, 100 threads",
                                                new LoadLevel(1000, null),
                                                null,
                                                1000.0,
                                                null,
                                                null,
                                                null,
                                                "总计1000个RPS",
                                                "the text's bound"),
                                        new Published.Figure(
                                                "netty",
                                                "HttpTcpNettyServer",
                                                new LoadLevel(50_000, null),
                                                null,
                                                90_000.0,
                                                null,
                                                null,
                                                null,
                                                "接近这个理论限制(90000个RPS)",
                                                null))),
                runB
                        ? null
                        : List.of(new NotRun(
                                new LoadLevel(50_000, null),
                                "needs 50,000 connections; this host allows about 19,800: the binding limit is open"
                                        + " files (RLIMIT_NOFILE) (20000 soft / 20000 hard)",
                                List.of("*    hard nofile 1048576"))),
                null));
    }

    private FixtureTrial delay(
            String model, int c, int rep, double efficiency, double floorMs, double p99Ms, int threads) {
        double rps = Math.min(c / 0.1, model.equals("thread-pool") ? 1000 : c / 0.1)
                * efficiency
                * (1 + 0.008 * random.nextGaussian());
        FixtureTrial t = new FixtureTrial(DELAY, model, "delay", new LoadLevel(c, null), rep);
        t.request("/delay?ms=100", rps, floorMs, p99Ms, 1.0);
        t.ceiling = new Ceiling(c / 0.1, 100.0, c + " connections ÷ 100ms = " + c * 10 + " req/s", null, null);
        t.threads = threads;
        t.cpu = Math.min(rps / 9_000.0, 0.95);
        return t;
    }

    /**
     * One load level (bars), ranked by throughput with p99 ≤ 200 ms, one run each (significance from per-second
     * windows): thread-per-connection serves the most but breaks the SLO, netty and vertx tie on throughput and differ
     * in CPU per request, virtual-threads is held below the ceiling by its client pool, single-thread starves.
     */
    private void backendExperiment(List<ExperimentInfo> experiments) throws IOException {
        FixtureTrial single =
                backend("single-thread", 20, 51.5, 0.03, 1, 20.0, "single-thread: 1 thread ÷ 50ms = 20" + " req/s");
        single.unfinished(199, 5_950, 6_000)
                .verdict(
                        VerdictCode.STARVED,
                        "199 of 200 connections got no answer in the 6 s window: the server serves one connection at"
                                + " a time");
        single.fairness = new ConnectionFairness(200, 0, 0, 120, 199);
        add(single);
        add(backend("thread-pool", 1_985, 104, 0.41, 110, 2000.0, "thread-pool: 100 threads ÷ 50ms = 2000 req/s"));
        add(backend("thread-per-connection", 3_975, 260, 0.78, 212, null, null));
        add(
                backend("virtual-threads", 3_100, 70, 0.55, 22, null, null)
                        .verdict(
                                VerdictCode.BELOW_CEILING,
                                "78% of the 4,000 req/s ceiling with nothing saturated: the backend never had more than 155"
                                        + " calls in flight — the blocking HTTP client's pool of 155 connections is the limit"));
        add(backend("netty", 3_945, 58, 0.62, 3, null, null));
        add(backend("vertx", 3_940, 59, 0.80, 4, null, null));
        experiments.add(new ExperimentInfo(
                BACKEND,
                "backend",
                "backend 50ms",
                List.of("single-thread", "thread-pool", "thread-per-connection", "virtual-threads", "netty", "vertx"),
                List.of(new LoadLevel(200, null)),
                Map.of(),
                new Criterion(Criterion.THROUGHPUT, null, 200.0),
                null,
                null,
                null));
    }

    private FixtureTrial backend(
            String model, double rps, double p99, double cpu, int threads, Double designRps, String design) {
        FixtureTrial t = new FixtureTrial(BACKEND, model, "backend", new LoadLevel(200, null), 1);
        t.path = "/backend";
        t.request("/backend", rps, 50.3, p99, 1.0);
        t.ceiling = new Ceiling(4000.0, 50.0, "200 connections ÷ 50ms = 4000 req/s", designRps, design);
        t.cpu = cpu;
        t.threads = threads;
        int peak = switch (model) {
            case "virtual-threads" -> 155;
            case "thread-pool" -> 100;
            default -> Math.min(200, (int) Math.ceil(rps * 0.05) + 3);
        };
        t.dependencies = new DependencyWork(
                new DependencyWork.Backend(Math.round(rps * FixtureTrial.SECONDS), peak, Math.min(peak, rps * 0.0502)),
                null);
        return t;
    }

    /** An open-model 9:1 fast/slow mix at one rate, ranked by the p99 of 'fast'; three runs each. */
    private void mixExperiment(List<ExperimentInfo> experiments) throws IOException {
        LoadLevel rate = new LoadLevel(1000, 1000.0);
        for (String model : List.of("servlet-sync", "servlet-async")) {
            boolean sync = model.equals("servlet-sync");
            for (int rep = 1; rep <= 3; rep++) {
                FixtureTrial t = new FixtureTrial(MIX, model, "mixed", rate, rep);
                double n = 1 + 0.01 * random.nextGaussian();
                t.request("fast", 900 * n, sync ? 1.2 : 0.3, sync ? 45 : 3.1, 0.9);
                t.request("slow", 100 * n, 100.2, sync ? 140 : 104, 0.1);
                t.ceiling = new Ceiling(
                        null,
                        null,
                        "slow requests at most 100 connections ÷ 100ms = 1000 req/s; fast requests are"
                                + " bound by CPU",
                        null,
                        null);
                t.threads = sync ? 16 + 12 : 16 + 14;
                t.cpu = sync ? 0.31 : 0.22;
                add(t);
            }
        }
        experiments.add(new ExperimentInfo(
                MIX,
                "mixed",
                "9:1 fast/slow mix at 1000 req/s",
                List.of("servlet-sync", "servlet-async"),
                List.of(rate),
                Map.of("worker_threads", "16"),
                new Criterion(Criterion.P99, "fast", null),
                null,
                null,
                null));
    }

    private void crudBroken(List<ExperimentInfo> experiments) throws IOException {
        String id = CRUD + "-single-thread-crud-10c-r1";
        Path t = Files.createDirectories(dir.resolve("trials").resolve(id));
        Files.writeString(t.resolve("server.log"), "validation: POST /zipcodes got no answer within 5 s\n");
        trials.add(new TrialResult(
                id,
                new TrialKey(CRUD, "single-thread", "crud", new LoadLevel(10, null), 1),
                "2026-11-20T10:44:00Z",
                List.of(new Verdict(
                        VerdictCode.APP_BROKEN,
                        "validation failed: POST /zipcodes answered nothing within 5 s (a blocked event loop or a"
                                + " deadlock); fix the app before measuring")),
                new ValidationResult(
                        false,
                        List.of("GET /health 200", "POST /zipcodes 201"),
                        "POST /zipcodes: no answer within 5 s"),
                null,
                Ceiling.NONE,
                new ServerFacts(ServerSettings.builder("single-thread").build(), null, null, null, null),
                Resources.NONE,
                DependencyWork.NONE,
                Map.of("server_log", "trials/" + id + "/server.log"),
                null));
        experiments.add(new ExperimentInfo(
                CRUD,
                "crud",
                "POST /zipcodes query-or-insert",
                List.of("single-thread"),
                List.of(new LoadLevel(10, null)),
                Map.of(),
                new Criterion(Criterion.THROUGHPUT, null, null),
                null,
                null,
                null));
    }

    private static Environment environment() {
        return new Environment(
                "lab-host",
                "AMD EPYC 7B13",
                2,
                2,
                24L << 30,
                "6.1.0-28-amd64",
                "Debian GNU/Linux 12",
                "21.0.9+10",
                "Eclipse Adoptium",
                List.of("-XX:+UseParallelGC", "-Xms1g", "-Xmx1g"),
                "0.1.0-SNAPSHOT",
                "3f0705a",
                Map.of("nofile", 20000, "somaxconn", 4096, "ip_local_port_range", "32768 60999"),
                Map.of("server", "0", "loadgen", "1"),
                "2026-11-20T10:00:00Z");
    }
}
