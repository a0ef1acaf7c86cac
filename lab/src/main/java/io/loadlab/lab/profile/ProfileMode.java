package io.loadlab.lab.profile;

import java.util.Locale;

/**
 * What the lab samples in a server's JVM during the measured window: nothing, on-CPU stacks (where the CPU went),
 * wall-clock stacks (where the threads were, running or waiting: the blocking models' view), or allocations. On-CPU
 * stacks come from one of async-profiler's three engines: {@code cpu} (perf_events, a kernel counter per thread:
 * precise, but its signals follow the threads' wake-ups), {@code itimer} (one process-wide {@code setitimer} CPU
 * timer) or {@code ctimer} (a {@code timer_create} CPU timer per thread); docs/profiling.md gives what each costs.
 * {@code alloc} samples heap allocations instead (async-profiler's TLAB-driven sampler, or the Flight Recorder's
 * allocation samples): whose code allocated what, for the models that differ in memory and GC rather than in CPU.
 */
public enum ProfileMode {
    OFF,
    CPU,
    ITIMER,
    CTIMER,
    WALL,
    ALLOC;

    /**
     * {@code cpu}, {@code itimer}, {@code ctimer}, {@code wall} or {@code alloc}, as the command line and results.json
     * spell them.
     */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** True for the three on-CPU engines. */
    public boolean onCpu() {
        return this == CPU || this == ITIMER || this == CTIMER;
    }

    /** What the flame graph's title says it shows, before the trial's name. */
    public String title() {
        return switch (this) {
            case WALL -> "Server threads, wall clock: ";
            case ALLOC -> "Server heap allocations: ";
            default -> "Server CPU: ";
        };
    }

    /**
     * The mode named {@code cpu}, {@code itimer}, {@code ctimer}, {@code wall}, {@code alloc} or {@code off}; an error
     * names them.
     */
    public static ProfileMode of(String s) {
        for (ProfileMode m : values()) {
            if (m.id().equalsIgnoreCase(s.trim())) {
                return m;
            }
        }
        throw new IllegalArgumentException(
                "unknown profile mode '" + s + "': use cpu, itimer, ctimer, wall or alloc (or --no-profile)");
    }
}
