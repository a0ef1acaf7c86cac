package io.loadlab.lab.profile;

/** The profiler's defaults, quoted by {@code --help} and docs/profiling.md. */
public final class ProfileDefaults {
    private ProfileDefaults() {}

    /**
     * Whether the lab profiles the servers when no flag says. Off: bench/profiling-overhead.sh measured netty's
     * plaintext throughput 9-15% lower profiled on a busy host (0.906, 0.851, 0.875), and on an idle one within 3%
     * (1.035 plaintext, 0.982 backend) but with 24% more server CPU per request at 1,000 backend connections, which a
     * CPU-bound server would lose as throughput (docs/profiling.md). {@code --profile} turns it on.
     */
    public static final boolean ON_BY_DEFAULT = false;

    /** "on" or "off", as {@code --help} quotes the default. */
    public static final String DEFAULT_WORDS = ON_BY_DEFAULT ? "on" : "off";

    /** async-profiler's CPU sampling interval: ~1,000 samples per busy core-second. */
    public static final String CPU_INTERVAL = "10ms";

    /** async-profiler's wall-clock interval, per thread: every thread is sampled, running or waiting. */
    public static final String WALL_INTERVAL = "5ms";

    /**
     * async-profiler's allocation sampling interval, in allocated bytes: about one sample per 512 KiB, ~2,000 a
     * second for a server allocating 1 GB/s.
     */
    public static final String ALLOC_INTERVAL = "512k";

    /** The interval {@code mode} samples at, as async-profiler spells it. */
    static String interval(ProfileMode mode) {
        return switch (mode) {
            case WALL -> WALL_INTERVAL;
            case ALLOC -> ALLOC_INTERVAL;
            default -> CPU_INTERVAL;
        };
    }

    /** The Flight Recorder's sampling period, when it stands in for async-profiler. */
    public static final String JFR_PERIOD = "10 ms";

    /** The Flight Recorder's allocation samples, when it stands in for async-profiler: its own default rate ×10. */
    public static final String JFR_ALLOC_THROTTLE = "1500/s";

    /** The frames with the most self time that results.json and the report show. */
    public static final int TOP_FRAMES = 5;
}
