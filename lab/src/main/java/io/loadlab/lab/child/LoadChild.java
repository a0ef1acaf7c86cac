package io.loadlab.lab.child;

import io.loadlab.core.Json;
import io.loadlab.core.result.IntervalStats;
import io.loadlab.loadgen.LoadGenerator;
import io.loadlab.loadgen.LoadResult;
import io.loadlab.loadgen.ProgressListener;
import io.netty.util.ResourceLeakDetector;
import java.io.IOException;
import java.nio.file.Path;

/** A {@link LoadJob} in its child: runs the load generator, reports its progress, writes and reports its result. */
final class LoadChild {
    private LoadChild() {}

    static void run(LoadJob job, Path dir, ChildMain.Events events) throws IOException {
        // the sampled leak detector records stack traces on the hot path: CPU the load generator needs for load
        ResourceLeakDetector.setLevel(ResourceLeakDetector.Level.DISABLED);
        long pid = ProcessHandle.current().pid();
        LoadResult r = LoadGenerator.runWithHistograms(job.toSpec(dir), new ProgressListener() {
            @Override
            public void measuring() {
                events.emit(new ChildEvent.Measuring(pid));
            }

            @Override
            public void interval(IntervalStats s) {
                events.emit(new ChildEvent.Progress(s));
            }
        });
        if (job.json() != null) {
            Json.writeAtomically(Path.of(job.json()), r.report());
        }
        events.emit(new ChildEvent.Result(r.report(), r.cpuSeconds()));
    }
}
