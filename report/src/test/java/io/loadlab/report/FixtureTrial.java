package io.loadlab.report;

import io.loadlab.core.Json;
import io.loadlab.core.result.Ceiling;
import io.loadlab.core.result.ConnectionFairness;
import io.loadlab.core.result.DependencyWork;
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
import io.loadlab.core.result.Share;
import io.loadlab.core.result.TrialKey;
import io.loadlab.core.result.TrialResult;
import io.loadlab.core.result.ValidationResult;
import io.loadlab.core.result.Verdict;
import io.loadlab.core.result.VerdictCode;
import io.loadlab.core.settings.Limit;
import io.loadlab.core.settings.ServerSettings;
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
 * One made-up trial of a fixture, written as the lab writes it: latencies drawn into real HdrHistograms per second
 * (so percentiles, histogram log and per-second intervals agree), requests unfinished at the window's end recorded
 * at their age, load.json, logs and the {@link TrialResult}. Every part has a plausible default; set what the trial
 * is about.
 */
final class FixtureTrial {
    static final int SECONDS = 6;
    private static final int SAMPLES_PER_SECOND = 400;
    private static final long START_MS = 1_763_632_800_000L;

    final String experiment;
    final String model;
    final String scenario;
    final LoadLevel load;
    final int rep;
    final Map<String, Sampler> requests = new LinkedHashMap<>();
    ErrorCounts errors = ErrorCounts.NONE;
    Ceiling ceiling = Ceiling.NONE;
    List<Verdict> verdicts = List.of(new Verdict(VerdictCode.OK, "nothing found"));
    String path = "/delay?ms=100";
    int threads = 10;
    double cpu = 0.5;
    double noise = 0.03;
    Long unfinished;
    double oldestMs;
    double youngestMs;
    ConnectionFairness fairness;
    DependencyWork dependencies = DependencyWork.NONE;

    FixtureTrial(String experiment, String model, String scenario, LoadLevel load, int rep) {
        this.experiment = experiment;
        this.model = model;
        this.scenario = scenario;
        this.load = load;
        this.rep = rep;
    }

    FixtureTrial request(String name, double rps, double floorMs, double p99Ms, double plannedShare) {
        requests.put(name, new Sampler(rps, floorMs, p99Ms, plannedShare));
        return this;
    }

    FixtureTrial verdict(VerdictCode code, String reason) {
        verdicts = List.of(new Verdict(code, reason));
        return this;
    }

    FixtureTrial unfinished(long count, double youngest, double oldest) {
        unfinished = count;
        youngestMs = youngest;
        oldestMs = oldest;
        return this;
    }

    String id() {
        String level = load.rateRps() == null ? load.connections() + "c" : Math.round(load.rateRps()) + "rps";
        return experiment + "-" + model + "-" + scenario + "-" + level + "-r" + rep;
    }

    TrialResult write(Path dir, Random random, String startedAt) throws IOException {
        String id = id();
        Path tdir = Files.createDirectories(dir.resolve("trials").resolve(id));
        Histogram total = histogram();
        Map<String, Histogram> perName = new LinkedHashMap<>();
        List<IntervalStats> intervals = new ArrayList<>();
        Histogram withUnfinished = histogram();
        long stalled;
        double oldest;
        try (PrintStream hlog = new PrintStream(Files.newOutputStream(tdir.resolve("latency.hlog")))) {
            HistogramLogWriter writer = new HistogramLogWriter(hlog);
            writer.outputLogFormatVersion();
            writer.outputStartTime(START_MS);
            writer.outputLegend();
            for (int s = 0; s < SECONDS; s++) {
                Histogram second = histogram();
                for (Map.Entry<String, Sampler> e : requests.entrySet()) {
                    Histogram h = histogram();
                    long count = Math.round(e.getValue().rps * (1 + noise * random.nextGaussian()));
                    e.getValue().fill(h, count, random);
                    stamp(h, s);
                    if (requests.size() > 1) {
                        h.setTag(e.getKey());
                        writer.outputIntervalHistogram(h);
                    }
                    perName.computeIfAbsent(e.getKey(), k -> histogram()).add(h);
                    second.add(h);
                }
                stamp(second, s);
                writer.outputIntervalHistogram(second);
                total.add(second);
                intervals.add(new IntervalStats(
                        s + 1,
                        second.getTotalCount(),
                        second.getTotalCount(),
                        second.getValueAtPercentile(50) / 1e3,
                        second.getValueAtPercentile(99) / 1e3,
                        second.getMaxValue() / 1e3,
                        errors.total() / SECONDS,
                        null));
            }
            stalled = unfinished != null ? unfinished : defaultUnfinished(total);
            oldest = unfinished != null ? oldestMs : total.getMaxValue() / 1e3;
            // As the load generator does: the unfinished requests at their ages, in a last interval of length zero.
            Histogram atEnd = histogram();
            for (long i = 0; i < stalled; i++) {
                atEnd.recordValue(Math.round((youngestMs + (oldest - youngestMs) * (i + 1) / stalled) * 1000));
            }
            atEnd.setStartTimeStamp(START_MS + SECONDS * 1000L);
            atEnd.setEndTimeStamp(START_MS + SECONDS * 1000L);
            if (stalled > 0) {
                writer.outputIntervalHistogram(atEnd);
            }
            withUnfinished.add(total);
            withUnfinished.add(atEnd);
        }
        long responses = total.getTotalCount();
        LoadReports b = load.rateRps() == null ? LoadReports.closed() : LoadReports.open(load.rateRps());
        LoadReport report = b.url("http://127.0.0.1:41234" + (requests.size() > 1 ? "" : path))
                .connections(load.connections())
                .duration(SECONDS)
                .requests(responses, responses / (double) SECONDS)
                .bytes(responses * 130)
                .latency(LatencyStats.fromMicros(withUnfinished))
                .service(load.rateRps() == null ? null : LatencyStats.fromMicros(total))
                .errors(errors)
                .status(Map.of("200", responses - errors.total()))
                .unfinished(stalled, stalled == 0 ? 0 : oldest)
                .fairness(fairness != null ? fairness : evenFairness(responses))
                .perRequest(perRequest(perName, responses, stalled))
                .intervals(intervals)
                .hlog("latency.hlog")
                .build();
        Json.writeAtomically(tdir.resolve("load.json"), report);
        Files.writeString(tdir.resolve("server.log"), "{\"model\":\"" + model + "\",\"port\":41234}\n");
        Files.writeString(
                tdir.resolve("loadgen.log"), String.format("%.0f requests/s%n", responses / (double) SECONDS));
        String prefix = "trials/" + id + "/";
        return new TrialResult(
                id,
                new TrialKey(experiment, model, scenario, load, rep),
                startedAt,
                verdicts,
                new ValidationResult(true, List.of("GET /health 200", "GET " + path + " 200 OK"), null),
                report,
                ceiling,
                new ServerFacts(
                        ServerSettings.builder(model)
                                .threads(new ServerSettings.Threads("pool", Limit.of(threads), 0, 0, Limit.of(0)))
                                .build(),
                        null,
                        null,
                        null,
                        null),
                new Resources(processes(random), machine()),
                dependencies,
                Map.of(
                        "load",
                        prefix + "load.json",
                        "hlog",
                        prefix + "latency.hlog",
                        "server_log",
                        prefix + "server.log",
                        "loadgen_log",
                        prefix + "loadgen.log"),
                null);
    }

    /** Closed model: every connection has a request in flight when the window closes; open: rate × mean latency. */
    private long defaultUnfinished(Histogram total) {
        if (load.rateRps() == null) {
            return load.connections();
        }
        return Math.round(load.rateRps() * total.getMean() / 1e6);
    }

    private ConnectionFairness evenFairness(long responses) {
        int n = load.rateRps() == null ? load.connections() : Math.max(8, (int) (load.rateRps() / 25));
        double each = responses / (double) n;
        return new ConnectionFairness(n, Math.round(each * 0.93), Math.round(each), Math.round(each * 1.07), 0);
    }

    private Map<String, RequestStats> perRequest(Map<String, Histogram> perName, long responses, long stalled) {
        Map<String, RequestStats> out = new LinkedHashMap<>();
        perName.forEach((name, h) -> {
            long n = h.getTotalCount();
            String key = requests.size() > 1 ? name : path;
            out.put(
                    key,
                    new RequestStats(
                            n,
                            n / (double) SECONDS,
                            LatencyStats.fromMicros(h),
                            null,
                            ErrorCounts.NONE,
                            Map.of("200", n),
                            Math.round(stalled * requests.get(name).plannedShare),
                            new Share(requests.get(name).plannedShare, n / (double) Math.max(1, responses)),
                            null));
        });
        return out;
    }

    private List<ProcessSeries> processes(Random random) {
        List<ProcessSeries> list = new ArrayList<>();
        list.add(series(random, "server", 4242, "0", cpu, 180L << 20, threads));
        list.add(series(random, "loadgen", 4243, "1", Math.min(cpu * 0.6, 0.8), 120L << 20, 6));
        return list;
    }

    private static ProcessSeries series(
            Random random, String role, long pid, String cpus, double cpu, long rss, int threads) {
        List<ProcessSample> samples = new ArrayList<>();
        double max = 0;
        for (int s = 1; s <= SECONDS; s++) {
            double c = Math.max(0.01, cpu * (1 + 0.05 * random.nextGaussian()));
            max = Math.max(max, c);
            // a server's JIT compiles in its window's second second, as a JVM's may after a warm-up
            Double jit = role.equals("server") ? (s == 2 ? 0.3 : 0.0) : null;
            // and its collector pauses once, in the third
            boolean paused = role.equals("server") && s == 3;
            samples.add(new ProcessSample(
                    s,
                    c,
                    c * 0.6,
                    c * 0.4,
                    rss + s * (1L << 20),
                    threads,
                    900,
                    40,
                    0.02,
                    jit,
                    paused ? 1 : 0,
                    paused ? 12.5 : 0.0,
                    paused ? 48.0 : null));
        }
        return new ProcessSeries(
                role,
                pid,
                cpus,
                cpu,
                max,
                0.02,
                rss + SECONDS * (1L << 20),
                threads,
                5400,
                240,
                role.equals("server") ? 3 : 0,
                samples);
    }

    private static List<MachineSample> machine() {
        List<MachineSample> list = new ArrayList<>();
        for (int s = 1; s <= SECONDS; s++) {
            list.add(new MachineSample(s, List.of(0.35, 0.52), List.of(0.0, 0.01)));
        }
        return list;
    }

    private static Histogram histogram() {
        return new Histogram(60_000_000L, 3);
    }

    private static void stamp(Histogram h, int second) {
        h.setStartTimeStamp(START_MS + second * 1000L);
        h.setEndTimeStamp(START_MS + (second + 1) * 1000L);
    }

    /** Draws latencies as floor + exponential, scaled so that the 99th percentile lands near {@code p99Ms}. */
    record Sampler(double rps, double floorMs, double p99Ms, double plannedShare) {
        void fill(Histogram h, long count, Random random) {
            double scale = Math.max(0.01, (p99Ms - floorMs) / 4.6);
            int draws = (int) Math.min(count, SAMPLES_PER_SECOND);
            if (draws <= 0) {
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
