package io.loadlab.cli;

import io.loadlab.loadgen.LoadGenerator;
import io.loadlab.loadgen.LoadResult;
import io.loadlab.loadgen.LoadSpec;
import io.loadlab.loadgen.ProgressListener;
import io.loadlab.loadgen.WarmupGate;
import io.loadlab.transport.NettyTransport;

/** How every command that sends load starts the load generator in its own JVM. */
final class LoadEngine {
    private LoadEngine() {}

    /** Runs {@code spec} to its end; {@code gate} holds the window back (a load agent's shared start). */
    static LoadResult run(LoadSpec spec, ProgressListener listener, WarmupGate gate) {
        NettyTransport.leakDetectorOff();
        return LoadGenerator.runWithHistograms(spec, listener, gate);
    }
}
