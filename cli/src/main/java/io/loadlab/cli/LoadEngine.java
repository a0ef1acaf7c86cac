package io.loadlab.cli;

import io.loadlab.loadgen.LoadGenerator;
import io.loadlab.loadgen.LoadResult;
import io.loadlab.loadgen.LoadSpec;
import io.loadlab.loadgen.ProgressListener;
import io.loadlab.loadgen.WarmupGate;
import io.netty.util.ResourceLeakDetector;

/** How every command that sends load starts the load generator in its own JVM. */
final class LoadEngine {
    private static final String LEAK_DETECTION = "io.netty.leakDetection.level";

    private LoadEngine() {}

    /** Runs {@code spec} to its end; {@code gate} holds the window back (a load agent's shared start). */
    static LoadResult run(LoadSpec spec, ProgressListener listener, WarmupGate gate) {
        if (System.getProperty(LEAK_DETECTION) == null) {
            // The sampled leak detector wraps every 128th buffer and records stack traces: CPU the load generator
            // needs for load. The tests keep it on; -Dio.netty.leakDetection.level=simple turns it back on here.
            ResourceLeakDetector.setLevel(ResourceLeakDetector.Level.DISABLED);
        }
        return LoadGenerator.runWithHistograms(spec, listener, gate);
    }
}
