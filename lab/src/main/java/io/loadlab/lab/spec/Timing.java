package io.loadlab.lab.spec;

import io.loadlab.core.unit.Duration;
import io.loadlab.lab.LabDefaults;

/**
 * How long each trial loads its server: a warm-up (sent, not recorded) of at least {@code warmup} that goes on while
 * the server's JIT is still compiling, up to {@code warmupLimit}; the measured window; and how many fresh repetitions
 * of every trial to run.
 */
public record Timing(Duration warmup, Duration warmupLimit, Duration duration, int repetitions) {
    public Timing {
        if (warmup == null) {
            warmup = Duration.ZERO;
        }
        if (warmupLimit == null || warmupLimit.compareTo(warmup) < 0) {
            warmupLimit = warmup;
        }
        if (duration == null || duration.nanos() < 1_000_000_000L) {
            throw new IllegalArgumentException("duration must be at least 1s, got " + duration);
        }
        if (repetitions < 1) {
            throw new IllegalArgumentException("repetitions must be at least 1, got " + repetitions);
        }
    }

    /** The least warm-up a trial gets: {@code warmup}, but never less than the load generator needs for its own JIT. */
    public Duration leastWarmup() {
        return warmup.compareTo(LabDefaults.LOADGEN_WARMUP) < 0 ? LabDefaults.LOADGEN_WARMUP : warmup;
    }

    /** The most a trial's warm-up may stretch to while the server's JIT compiles; never below {@link #leastWarmup}. */
    public Duration mostWarmup() {
        Duration least = leastWarmup();
        return warmupLimit.compareTo(least) < 0 ? least : warmupLimit;
    }
}
