package io.loadlab.lab.trial;

import io.loadlab.lab.profile.ServerProfiler;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The files of one trial, {@code trials/<id>/} in the results directory: each child's job, events and log, the load
 * report and its histogram log. {@link #files()} lists those that exist, relative to the results directory, for the
 * trial's result: every number of a trial traces back to one of them.
 */
public final class TrialDir {
    private static final Map<String, String> KNOWN = known();

    /** A load agent's files, {@code loadgen-I.SUFFIX}, by the end of their name in {@link #files()}. */
    private static final List<Map.Entry<String, String>> AGENT_FILES = List.of(
            Map.entry("log", ".log"),
            Map.entry("job", ".job.json"),
            Map.entry("events", ".events.jsonl"),
            Map.entry("gc_log", ".gc.log"));

    private final Path results;
    private final Path dir;

    private TrialDir(Path results, Path dir) {
        this.results = results;
        this.dir = dir;
    }

    /** Creates {@code results/trials/<id>/}. */
    public static TrialDir create(Path results, String id) throws IOException {
        return new TrialDir(
                results, Files.createDirectories(results.resolve("trials").resolve(id)));
    }

    private static Map<String, String> known() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("load_json", "load.json");
        m.put("hlog", "load.hlog");
        m.put("server_log", "server.log");
        m.put("server_job", "server.job.json");
        m.put("server_events", "server.events.jsonl");
        m.put("server_out", "server.out");
        m.put("server_gc_log", "server.gc.log");
        m.put("loadgen_log", "loadgen.log");
        m.put("loadgen_job", "loadgen.job.json");
        m.put("loadgen_events", "loadgen.events.jsonl");
        m.put("loadgen_gc_log", "loadgen.gc.log");
        m.put("flame_graph", ServerProfiler.HTML);
        m.put("profile_collapsed", ServerProfiler.COLLAPSED);
        m.put("profile_jfr", ServerProfiler.JFR);
        m.put("profiler_log", ServerProfiler.LOG);
        return m;
    }

    public Path dir() {
        return dir;
    }

    public Path loadJson() {
        return dir.resolve("load.json");
    }

    public Path hlog() {
        return dir.resolve("load.hlog");
    }

    /** A path relative to the results directory, as results.json names files. */
    public String relative(Path p) {
        return results.relativize(p).toString();
    }

    /**
     * The trial's directory and every known file in it that exists, by name, relative to the results directory; with
     * load agents, each agent's job, events, log and GC log too ({@code loadgen_0_log}, …), in the agents' order.
     */
    public Map<String, String> files() {
        Map<String, String> out = new LinkedHashMap<>();
        out.put("dir", relative(dir));
        KNOWN.forEach((name, file) -> put(out, name, file));
        for (int i = 0; Files.isRegularFile(dir.resolve("loadgen-" + i + ".job.json")); i++) {
            for (Map.Entry<String, String> f : AGENT_FILES) {
                put(out, "loadgen_" + i + "_" + f.getKey(), "loadgen-" + i + f.getValue());
            }
        }
        return out;
    }

    private void put(Map<String, String> out, String name, String file) {
        if (Files.isRegularFile(dir.resolve(file))) {
            out.put(name, relative(dir.resolve(file)));
        }
    }
}
