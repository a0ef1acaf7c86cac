package io.loadlab.lab.load;

import io.loadlab.core.Json;
import io.loadlab.core.result.LoadLevel;
import io.loadlab.core.result.LoadReport;
import io.loadlab.core.unit.Duration;
import io.loadlab.lab.proc.Child;
import io.loadlab.lab.proc.ChildLauncher;
import io.loadlab.lab.spec.ScenarioSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One {@code loadlab load} process of a trial (the warm-up or the measured run): builds its arguments, starts it
 * pinned, and reads its {@code --json} report when it ends. Blocking.
 */
public final class LoadRun {
    private final ChildLauncher launcher;
    private final String cpus;

    public LoadRun(ChildLauncher launcher, String cpus) {
        this.launcher = launcher;
        this.cpus = cpus;
    }

    /** The arguments of {@code loadlab load}; writes the scenario YAML into {@code dir} when one is needed. */
    public static List<String> args(
            String baseUrl, ScenarioSpec s, LoadLevel level, Duration warmup, Duration duration, Path dir, String name)
            throws IOException {
        List<String> a = new ArrayList<>();
        if (warmup.nanos() > 0) {
            a.add("--warmup");
            a.add(warmup.toMillis() + "ms");
        }
        a.add("-c");
        a.add(Integer.toString(level.connections()));
        if (level.rateRps() != null) {
            a.add("-R");
            a.add(Long.toString(Math.round(level.rateRps())));
        }
        a.add("-d");
        a.add(duration.toMillis() + "ms");
        a.add("--json");
        a.add(dir.resolve(name + ".json").toString());
        a.add("--hlog");
        a.add(dir.resolve(name + ".hlog").toString());
        String path = ScenarioFiles.singlePath(s);
        if (path == null) {
            Path yaml = dir.resolve("scenario.yaml");
            Files.writeString(yaml, ScenarioFiles.yaml(s));
            a.add("--scenario");
            a.add(yaml.toString());
            a.add(baseUrl);
        } else {
            a.add(baseUrl + path);
        }
        return a;
    }

    /** Starts the run; {@link #await} waits for it. */
    public Child start(List<String> args, Path dir, String role) throws IOException {
        return launcher.start(role, launcher.loadlabCommand("load", args), cpus, dir);
    }

    /**
     * Waits for the load generator to end (at most {@code limit}) and reads its report; null when it failed, with
     * the reason in its log.
     */
    /**
     * As {@link #await(Child, Path, Duration)}, calling {@code tick} about once a second while the load generator
     * runs (from this thread).
     */
    public static LoadReport await(Child c, Path json, Duration limit, Runnable tick) throws InterruptedException {
        long deadline = System.nanoTime() + limit.nanos();
        while (!c.process().waitFor(1, java.util.concurrent.TimeUnit.SECONDS)) {
            if (System.nanoTime() > deadline) {
                return null;
            }
            tick.run();
        }
        return await(c, json, Duration.ZERO);
    }

    public static LoadReport await(Child c, Path json, Duration limit) throws InterruptedException {
        if (!c.process().waitFor(limit.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS)) {
            return null;
        }
        if (c.process().exitValue() != 0 || !Files.isRegularFile(json)) {
            return null;
        }
        try {
            return Json.read(json, LoadReport.class);
        } catch (IOException e) {
            return null;
        }
    }
}
