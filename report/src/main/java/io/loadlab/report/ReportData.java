package io.loadlab.report;

import io.loadlab.core.result.IntervalStats;
import io.loadlab.core.result.ProcessSample;
import io.loadlab.core.result.ProcessSeries;
import io.loadlab.core.result.RequestStats;
import io.loadlab.core.result.TrialResult;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The numbers the page's charts draw, as plain maps and lists that become the JSON blob embedded in the page. Keys
 * are what {@code report.js} reads; values are those of results.json, so every point traces back to a file.
 */
final class ReportData {
    private ReportData() {}

    static Map<String, Object> of(Path resultsDir, List<ScenarioSection> scenarios) {
        List<Object> list = new ArrayList<>();
        Map<String, Object> trials = new LinkedHashMap<>();
        for (ScenarioSection s : scenarios) {
            list.add(scenario(s));
            for (TrialResult t : s.trials()) {
                if (t.load() != null) {
                    trials.put(t.id(), trial(resultsDir, t));
                }
            }
        }
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("scenarios", list);
        data.put("trials", trials);
        return data;
    }

    private static Map<String, Object> scenario(ScenarioSection s) {
        List<Object> models = new ArrayList<>();
        for (String model : s.models()) {
            List<Object> points = new ArrayList<>();
            for (TrialGroup g : s.groupsOf(model)) {
                points.add(point(g));
            }
            models.add(Map.of("model", model, "points", points));
        }
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("title", s.title());
        // One load level: the charts compare models side by side (bars); several: lines against the load.
        out.put("bars", s.loads().size() == 1);
        out.put("models", models);
        if (s.mixed()) {
            out.put("per_request", perRequest(s));
        }
        return out;
    }

    private static Map<String, Object> point(TrialGroup g) {
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("x", g.key().load().axisValue());
        p.put("label", g.key().load().label());
        p.put("valid", g.valid());
        p.put("verdict", g.worst().name());
        if (!g.validTrials().isEmpty()) {
            p.put("rps", g.throughput().mean());
            p.put("rps_ci", g.throughput().repeated() ? g.throughput().ciHalfWidth() : null);
            p.put("p50", g.p50().mean());
            p.put("p99", g.p99().mean());
            p.put("p999", g.p999().mean());
        } else if (g.trials().stream().anyMatch(t -> t.load() != null)) {
            // Invalid but measured: drawn greyed so the reader sees it, never joined to the model's line.
            p.put(
                    "invalid_rps",
                    g.trials().stream()
                            .filter(t -> t.load() != null)
                            .mapToDouble(t -> t.load().throughput().rps())
                            .average()
                            .orElse(0));
        }
        p.put("errors", g.errors());
        p.put("rejections", g.rejections());
        TrialResult first = g.trials().get(0);
        if (first.ceiling() != null) {
            p.put("ceiling_rps", first.ceiling().rps());
            p.put("design_rps", first.ceiling().designRps());
            p.put("floor_ms", first.ceiling().floorMs());
        }
        ProcessSeries server = server(g);
        if (server != null) {
            p.put("cpu", server.cpuMean());
            p.put("rss_mib", server.rssMaxBytes() / 1048576.0);
            p.put("threads", server.threadsMax());
        }
        return p;
    }

    private static ProcessSeries server(TrialGroup g) {
        double cpu = 0;
        long rss = 0;
        int threads = 0;
        int n = 0;
        for (TrialResult t : g.trials()) {
            ProcessSeries ps = serverSeries(t);
            if (ps != null) {
                cpu += ps.cpuMean();
                rss = Math.max(rss, ps.rssMaxBytes());
                threads = Math.max(threads, ps.threadsMax());
                n++;
            }
        }
        return n == 0
                ? null
                : new ProcessSeries("server", 0, "", cpu / n, 0, null, rss, threads, 0, 0, null, List.of());
    }

    /** Throughput and p99 per request name and model, at the scenario's highest load level. */
    private static Map<String, Object> perRequest(ScenarioSection s) {
        var top = s.loads().get(s.loads().size() - 1);
        Map<String, Object> byModel = new LinkedHashMap<>();
        for (TrialGroup g : s.groups()) {
            if (!g.key().load().equals(top) || !g.valid()) {
                continue;
            }
            Map<String, Object> names = new LinkedHashMap<>();
            Map<String, RequestStats> first = g.validTrials().get(0).load().perRequest();
            if (first == null) {
                continue;
            }
            for (String name : first.keySet()) {
                var rps = g.stat(t -> t.load().perRequest().get(name).throughputRps());
                var p99 =
                        g.stat(t -> t.load().perRequest().get(name).latencyMs().p99());
                names.put(name, Map.of("rps", rps.mean(), "p99", p99.mean()));
            }
            byModel.put(g.key().model(), names);
        }
        return Map.of("load", top.label(), "models", byModel);
    }

    /** The server's sampled series; null when it was not sampled. */
    static ProcessSeries serverSeries(TrialResult t) {
        return t.resources() == null ? null : t.resources().process("server");
    }

    /** The server's per-second samples; empty when it was not sampled. */
    static List<ProcessSample> serverSamples(TrialResult t) {
        ProcessSeries server = serverSeries(t);
        return server == null || server.samples() == null ? List.of() : server.samples();
    }

    /** Whether the server's samples carry its JIT compiler threads' CPU (a JVM, in results that record it). */
    static boolean hasServerJit(TrialResult t) {
        return serverSamples(t).stream().anyMatch(s -> s.cpuJit() != null);
    }

    /** Whether the server's samples carry its GC pauses (a JVM the lab started, in results that record them). */
    static boolean hasServerGc(TrialResult t) {
        return serverSamples(t).stream().anyMatch(s -> s.gcPauseMs() != null);
    }

    /**
     * Per second of the window: time, req/s, p99 ms, errors, the cores the server's JIT compiler threads used in that
     * second and the milliseconds its garbage collector paused it there (each null where the server is not a JVM the
     * lab started, or the trial predates the figure).
     */
    private static Map<String, Object> trial(Path resultsDir, TrialResult t) {
        List<ProcessSample> server = serverSamples(t);
        List<List<Object>> timeline = new ArrayList<>();
        for (IntervalStats i : t.load().intervals() == null
                ? List.<IntervalStats>of()
                : t.load().intervals()) {
            Double jit = null;
            Double gc = null;
            for (ProcessSample s : server) {
                if (s.sameSecondAs(i)) {
                    jit = s.cpuJit() != null ? s.cpuJit() : jit;
                    gc = s.gcPauseMs() != null ? s.gcPauseMs() : gc;
                }
            }
            timeline.add(Arrays.asList(i.tS(), i.throughputRps(), i.p99Ms(), i.errors(), jit, gc));
        }
        return Map.of("timeline", timeline, "spectrum", LatencySpectrum.of(resultsDir, t));
    }
}
