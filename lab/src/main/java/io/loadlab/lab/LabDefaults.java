package io.loadlab.lab;

import io.loadlab.core.unit.Duration;
import io.loadlab.lab.profile.ProfileDefaults;
import io.loadlab.lab.profile.ProfileMode;

/**
 * The lab's defaults: which suite runs, where results go, how long trials warm up and wait for servers.
 */
public final class LabDefaults {
    private LabDefaults() {}

    /** The suite {@code ./loadlab run} runs when none is named. */
    public static final String SUITE = "quick";

    public static final String RESULTS_DIR = "results";

    /**
     * Whether each server's JVM is profiled during its window when no flag says: on only while
     * bench/profiling-overhead.sh measures it under 3% of throughput and 5% of server CPU per request
     * ({@link ProfileDefaults#ON_BY_DEFAULT}).
     */
    public static final ProfileMode PROFILE = ProfileDefaults.ON_BY_DEFAULT ? ProfileMode.CPU : ProfileMode.OFF;

    /**
     * The lab's measured load run first warms its own JVM for this long (sent, not recorded): without it the first
     * measured seconds hold the load generator's class loading and JIT, and read as a ramp in throughput. On one
     * core a fresh load generator reaches ~40% of its peak in its first second and ~85% in its second (1 s was too
     * short: the quick suite's netty and vertx trials ramped 40k, 70k, 110k req/s and came out NOT_STEADY).
     */
    public static final Duration LOADGEN_WARMUP = Duration.ofSeconds(3);

    /**
     * Warm-up of each trial when a suite or {@code run} does not say: load sent by the trial's load generator before
     * its measured window, on the same connections, while the server's and the load generator's JITs settle.
     */
    public static final Duration SUITE_WARMUP = Duration.ofSeconds(5);

    /**
     * The longest a trial's warm-up may stretch beyond its minimum while the server's JIT is still compiling: a JVM
     * compiling its hot paths on the one core it is pinned to is neither at its speed nor steady. Jetty's servlets
     * under load keep their compilers busy for 20–30 s on one core, Netty and Vert.x for about 10 s.
     */
    public static final Duration WARMUP_LIMIT = Duration.ofSeconds(30);

    /** How long a started server may take to answer {@code /health}. */
    public static final Duration STARTUP_TIMEOUT = Duration.ofSeconds(30);

    /** Repetitions of each trial when a suite does not say. */
    public static final int REPETITIONS = 1;
}
