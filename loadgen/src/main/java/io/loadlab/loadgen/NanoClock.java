package io.loadlab.loadgen;

/**
 * A monotonic clock in nanoseconds. The engine reads time only through this, so pacing can be tested with a clock
 * that a test moves by hand.
 */
@FunctionalInterface
public interface NanoClock {
    long nanoTime();

    NanoClock SYSTEM = System::nanoTime;
}
