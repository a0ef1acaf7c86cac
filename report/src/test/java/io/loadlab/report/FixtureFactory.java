package io.loadlab.report;

import io.loadlab.core.Json;
import io.loadlab.core.result.Ceiling;
import io.loadlab.core.result.DependencyWork;
import io.loadlab.core.result.Environment;
import io.loadlab.core.result.ErrorCategory;
import io.loadlab.core.result.ErrorCounts;
import io.loadlab.core.result.IntervalStats;
import io.loadlab.core.result.LatencyStats;
import io.loadlab.core.result.LoadLevel;
import io.loadlab.core.result.LoadReport;
import io.loadlab.core.result.MachineSample;
import io.loadlab.core.result.ProcessSample;
import io.loadlab.core.result.ProcessSeries;
import io.loadlab.core.result.RequestStats;
import io.loadlab.core.result.Resources;
import io.loadlab.core.result.ServerFacts;
import io.loadlab.core.result.SuiteResults;
import io.loadlab.core.result.TrialKey;
import io.loadlab.core.result.TrialResult;
import io.loadlab.core.result.ValidationResult;
import io.loadlab.core.result.Verdict;
import io.loadlab.core.result.VerdictCode;
import io.loadlab.testkit.LoadReports;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * Writes the checked-in results fixtures (run-a, run-b) from a seeded model of plausible numbers: latencies are drawn
 * into real HdrHistograms, so percentiles, histogram logs and timelines agree with each other as the lab's would.
 * Run B differs from A on purpose: netty is ~30% faster at 1000 connections (A was CPU-starved there), virtual-threads ~20% slower, the
 * rest is the same up to noise. Regenerate with {@code main(report/src/test/resources/fixtures)}.
 */
final class FixtureFactory {
    private static final int SECONDS = 6;
    private static final int SAMPLES_PER_SECOND = 400;

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
        for (int c : new int[] {10, 100, 1000}) {
            boolean big = c == 1000;
            double slow = big && runB ? 0.8 : 1.0;
            delayTrials(
                    "netty",
                    c,
                    3,
                    big && !runB ? 0.74 : 0.985,
                    100.4,
                    big ? (runB ? 112 : 165) : 104,
                    c / 0.1,
                    c + " connections ÷ 100 ms",
                    3);
            delayTrials(
                    "virtual-threads",
                    c,
                    3,
                    0.975 * slow,
                    100.6,
                    c == 1000 ? 121 / slow : 106,
                    c / 0.1,
                    c + " connections ÷ 100 ms",
                    18);
            int busy = Math.min(c, 100);
            double tpFactor = c <= 100 ? 0.98 : 0.995;
            double floor = c <= 100 ? 100.5 : 100.0 * c / busy - 60;
            delayTrials(
                    "thread-pool",
                    c,
                    3,
                    tpFactor,
                    floor,
                    c <= 100 ? 105 : floor + 190,
                    busy / 0.1,
                    "100 threads ÷ 100 ms",
                    110);
        }
        if (!runB) {
            for (int c : new int[] {10, 100, 1000}) {
                delayTrials(
                        "thread-per-connection",
                        c,
                        1,
                        c == 1000 ? 0.71 : 0.98,
                        100.8,
                        c == 1000 ? 2_900 : 108,
                        c / 0.1,
                        c + " connections ÷ 100 ms",
                        c + 12);
            }
        }
        mixTrials("servlet-sync", 3, 1_480, 155);
        mixTrials("servlet-async", 3, 19_800, 158);
        if (!runB) {
            crudBroken();
        }
        SuiteResults results = new SuiteResults(
                SuiteResults.SCHEMA_VERSION,
                "fixture",
                "delay-100ms and a 9:1 fast/slow mix on a few models (checked-in test fixture)",
                SuiteResults.COMPLETE,
                runB ? "2026-11-21T10:00:00Z" : "2026-11-20T10:00:00Z",
                runB ? "2026-11-21T10:40:00Z" : "2026-11-20T10:45:00Z",
                Map.of("repetitions", 3, "warmup", "3s", "duration", SECONDS + "s", "backend_delay", "100ms"),
                List.of(),
                null,
                List.of(),
                trials);
        Json.writeAtomically(dir.resolve("results.json"), results);
        Json.writeAtomically(dir.resolve("environment.json"), environment());
    }

    private void delayTrials(
            String model,
            int c,
            int reps,
            double efficiency,
            double floorMs,
            double p99Ms,
            double ceilingRps,
            String why,
            int threads)
            throws IOException {
        for (int rep = 1; rep <= reps; rep++) {
            double rps = Math.min(c / 0.1, ceilingRps) * efficiency * (1 + 0.008 * random.nextGaussian());
            boolean timeouts = p99Ms > 2_000;
            List<Verdict> verdicts = new ArrayList<>();
            if (timeouts) {
                verdicts.add(new Verdict(
                        VerdictCode.ERRORS,
                        "4.1% of requests timed out (threshold 1%): 1,012 threads could not be scheduled in time"));
            } else if (model.equals("thread-pool") && c == 1000 && rep == 2) {
                verdicts.add(
                        new Verdict(VerdictCode.NOT_STEADY, "throughput varied 17% between windows (threshold 15%)"));
            } else {
                verdicts.add(new Verdict(VerdictCode.OK, "nothing found"));
            }
            Map<String, Sampler> requests = Map.of("", new Sampler(rps, floorMs, p99Ms));
            ErrorCounts errors =
                    timeouts ? ErrorCounts.of(ErrorCategory.TIMEOUT, (long) (rps * SECONDS * 0.041)) : ErrorCounts.NONE;
            trial(
                    model,
                    "delay-100ms",
                    "rxjava-servers",
                    new LoadLevel(c, null),
                    rep,
                    requests,
                    errors,
                    new Ceiling(
                            ceilingRps, 100.0, model.equals("thread-pool") ? "100 threads ÷ 100 ms" : why, null, null),
                    verdicts,
                    threads,
                    rps / 9_000.0);
        }
    }

    private void mixTrials(String model, int reps, double fastRps, double slowRps) throws IOException {
        for (int rep = 1; rep <= reps; rep++) {
            double n = 1 + 0.02 * random.nextGaussian();
            boolean sync = model.equals("servlet-sync");
            Map<String, Sampler> requests = new LinkedHashMap<>();
            requests.put("fast", new Sampler(fastRps * n, sync ? 2 : 0.2, sync ? 900 : 28));
            requests.put("slow", new Sampler(slowRps * n, 100.2, sync ? 640 : 630));
            trial(
                    model,
                    "mix-9-1",
                    "spring-async-servlet",
                    new LoadLevel(1000, null),
                    rep,
                    requests,
                    ErrorCounts.NONE,
                    new Ceiling(160.0, 100.0, "slow: 16 worker threads ÷ 100 ms", null, null),
                    List.of(new Verdict(VerdictCode.OK, "nothing found")),
                    sync ? 16 + 12 : 16 + 14,
                    (fastRps + slowRps) / 14_000.0);
        }
    }

    private void crudBroken() throws IOException {
        String id = "reactive-crud-single-thread-post-zipcodes-10c-r1";
        Path t = Files.createDirectories(dir.resolve("trials").resolve(id));
        Files.writeString(t.resolve("server.log"), "validation: POST /zipcodes got no answer within 5 s\n");
        trials.add(new TrialResult(
                id,
                new TrialKey("reactive-crud", "single-thread", "post-zipcodes", new LoadLevel(10, null), 1),
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
                new ServerFacts(Map.of("model", "single-thread"), null),
                Resources.NONE,
                DependencyWork.NONE,
                Map.of("server_log", "trials/" + id + "/server.log")));
    }

    private void trial(
            String model,
            String scenario,
            String experiment,
            LoadLevel load,
            int rep,
            Map<String, Sampler> requests,
            ErrorCounts errors,
            Ceiling ceiling,
            List<Verdict> verdicts,
            int threads,
            double cpu)
            throws IOException {
        String id = experiment + "-" + model + "-" + scenario + "-" + load.connections() + "c-r" + rep;
        Path tdir = Files.createDirectories(dir.resolve("trials").resolve(id));
        Histogram total = new Histogram(10_000_000L, 3);
        Map<String, Histogram> perName = new LinkedHashMap<>();
        List<IntervalStats> intervals = new ArrayList<>();
        double totalRps = 0;
        try (PrintStream hlog = new PrintStream(Files.newOutputStream(tdir.resolve("latency.hlog")))) {
            HistogramLogWriter writer = new HistogramLogWriter(hlog);
            writer.outputLogFormatVersion();
            writer.outputStartTime(1_763_632_800_000L);
            writer.outputLegend();
            for (int s = 0; s < SECONDS; s++) {
                Histogram second = new Histogram(10_000_000L, 3);
                long secondRequests = 0;
                for (Map.Entry<String, Sampler> e : requests.entrySet()) {
                    Histogram h = new Histogram(10_000_000L, 3);
                    long count = Math.round(e.getValue().rps * (1 + 0.03 * random.nextGaussian()));
                    e.getValue().fill(h, count, random);
                    h.setStartTimeStamp(1_763_632_800_000L + s * 1000L);
                    h.setEndTimeStamp(1_763_632_800_000L + (s + 1) * 1000L);
                    if (!e.getKey().isEmpty()) {
                        h.setTag(e.getKey());
                        writer.outputIntervalHistogram(h);
                        perName.computeIfAbsent(e.getKey(), k -> new Histogram(10_000_000L, 3))
                                .add(h);
                    }
                    second.add(h);
                    secondRequests += count;
                }
                second.setStartTimeStamp(1_763_632_800_000L + s * 1000L);
                second.setEndTimeStamp(1_763_632_800_000L + (s + 1) * 1000L);
                writer.outputIntervalHistogram(second);
                total.add(second);
                long secondErrors = errors.total() / SECONDS;
                intervals.add(new IntervalStats(
                        s + 1,
                        secondRequests,
                        secondRequests,
                        second.getValueAtPercentile(50) / 1e3,
                        second.getValueAtPercentile(99) / 1e3,
                        second.getMaxValue() / 1e3,
                        secondErrors));
            }
        }
        Map<String, RequestStats> perRequest = new LinkedHashMap<>();
        for (Map.Entry<String, Histogram> e : perName.entrySet()) {
            long n = e.getValue().getTotalCount();
            perRequest.put(
                    e.getKey(),
                    new RequestStats(
                            n,
                            n / (double) SECONDS,
                            LatencyStats.fromMicros(e.getValue()),
                            null,
                            ErrorCounts.NONE,
                            Map.of("200", n),
                            0,
                            null));
        }
        totalRps = total.getTotalCount() / (double) SECONDS;
        LoadReport report = LoadReports.closed()
                .url("http://127.0.0.1:41234/delay?ms=100")
                .connections(load.connections())
                .duration(SECONDS)
                .requests(total.getTotalCount(), totalRps)
                .bytes(total.getTotalCount() * 130)
                .latency(LatencyStats.fromMicros(total))
                .errors(errors)
                .status(Map.of("200", total.getTotalCount() - errors.total()))
                .perRequest(perRequest.isEmpty() ? null : perRequest)
                .intervals(intervals)
                .hlog("latency.hlog")
                .build();
        Json.writeAtomically(tdir.resolve("load.json"), report);
        Files.writeString(tdir.resolve("server.log"), "{\"model\":\"" + model + "\",\"port\":41234}\n");
        Files.writeString(tdir.resolve("loadgen.log"), String.format("%.0f requests/s%n", totalRps));
        String prefix = "trials/" + id + "/";
        trials.add(new TrialResult(
                id,
                new TrialKey(experiment, model, scenario, load, rep),
                "2026-11-20T10:" + String.format("%02d", trials.size()) + ":00Z",
                verdicts,
                new ValidationResult(true, List.of("GET /health 200", "GET /delay?ms=100 200 OK"), null),
                report,
                ceiling,
                new ServerFacts(Map.of("model", model, "threads", threads), null),
                new Resources(processes(cpu, threads), machine()),
                DependencyWork.NONE,
                Map.of(
                        "load",
                        prefix + "load.json",
                        "hlog",
                        prefix + "latency.hlog",
                        "server_log",
                        prefix + "server.log",
                        "loadgen_log",
                        prefix + "loadgen.log")));
    }

    private List<ProcessSeries> processes(double cpu, int threads) {
        List<ProcessSeries> list = new ArrayList<>();
        list.add(series("server", 4242, "0", Math.min(cpu, 0.95), 180L << 20, threads));
        list.add(series("loadgen", 4243, "1", Math.min(cpu * 0.6, 0.8), 120L << 20, 6));
        return list;
    }

    private ProcessSeries series(String role, long pid, String cpus, double cpu, long rss, int threads) {
        List<ProcessSample> samples = new ArrayList<>();
        double max = 0;
        for (int s = 1; s <= SECONDS; s++) {
            double c = Math.max(0.01, cpu * (1 + 0.05 * random.nextGaussian()));
            max = Math.max(max, c);
            samples.add(new ProcessSample(s, c, c * 0.6, c * 0.4, rss + s * (1L << 20), threads, 900, 40));
        }
        return new ProcessSeries(role, pid, cpus, cpu, max, rss + SECONDS * (1L << 20), threads, 5400, 240, samples);
    }

    private List<MachineSample> machine() {
        List<MachineSample> list = new ArrayList<>();
        for (int s = 1; s <= SECONDS; s++) {
            list.add(new MachineSample(s, List.of(0.35, 0.52), List.of(0.0, 0.01)));
        }
        return list;
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

    /** Draws latencies as floor + exponential, scaled so that the 99th percentile lands near {@code p99Ms}. */
    private record Sampler(double rps, double floorMs, double p99Ms) {
        void fill(Histogram h, long count, Random random) {
            double scale = Math.max(0.01, (p99Ms - floorMs) / 4.6);
            int draws = (int) Math.min(count, SAMPLES_PER_SECOND);
            if (draws == 0) {
                return;
            }
            long weight = count / draws;
            long extra = count - weight * draws;
            for (int i = 0; i < draws; i++) {
                double ms = floorMs - scale * Math.log(1 - random.nextDouble());
                h.recordValueWithCount(Math.max(1, Math.round(ms * 1000)), weight + (i < extra ? 1 : 0));
            }
        }
    }
}
