package io.loadlab.lab.child;

import io.loadlab.core.Json;
import io.loadlab.core.result.IntervalStats;
import io.loadlab.loadgen.LoadGenerator;
import io.loadlab.loadgen.LoadResult;
import io.loadlab.loadgen.ProgressListener;
import io.netty.util.ResourceLeakDetector;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;

/** A {@link LoadJob} in its child: runs the load generator, reports its progress, writes and reports its result. */
final class LoadChild {
    private LoadChild() {}

    /** Reads the lab's commands until its pipe closes; {@link ChildCommand.Measure} ends the warm-up. */
    private static void readCommands(AtomicBoolean warm) {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8))) {
            String line;
            while ((line = in.readLine()) != null) {
                try {
                    if (Json.read(line, ChildCommand.class) instanceof ChildCommand.Measure) {
                        warm.set(true);
                    }
                } catch (IOException notACommand) {
                    // ignored: the lab sends only commands
                }
            }
        } catch (IOException closed) {
            // the lab went away; the warm-up ends at its limit
        }
    }

    static void run(LoadJob job, Path dir, ChildMain.Events events) throws IOException {
        // the sampled leak detector records stack traces on the hot path: CPU the load generator needs for load
        ResourceLeakDetector.setLevel(ResourceLeakDetector.Level.DISABLED);
        long pid = ProcessHandle.current().pid();
        AtomicBoolean warm = new AtomicBoolean();
        Thread commands = new Thread(() -> readCommands(warm), "loadlab-commands");
        commands.setDaemon(true);
        commands.start();
        ProgressListener progress = new ProgressListener() {
            @Override
            public void measuring() {
                events.emit(new ChildEvent.Measuring(pid));
            }

            @Override
            public void interval(IntervalStats s) {
                events.emit(new ChildEvent.Progress(s));
            }
        };
        LoadResult r = LoadGenerator.runWithHistograms(job.toSpec(dir), progress, warm::get);
        if (job.json() != null) {
            Json.writeAtomically(Path.of(job.json()), r.report());
        }
        events.emit(new ChildEvent.Result(r.report(), r.cpuSeconds()));
    }
}
