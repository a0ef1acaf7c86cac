package io.loadlab.loadgen.agents;

import io.loadlab.core.unit.Duration;
import io.loadlab.loadgen.NanoClock;
import io.loadlab.loadgen.WarmupGate;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The shared start of load agents. Each agent opens its connections, says so ({@code onArmed}), and sends nothing
 * until it is given one instant on the wall clock; there its load begins — the warm-up, then the window — so every
 * agent's window opens at the same instant plus the same warm-up. Processes do not share a monotonic clock, so the
 * instant travels as epoch microseconds and is converted to the agent's own clock when it arrives; the conversion is
 * as precise as the wall clock's reading (microseconds on Linux) plus, across hosts, their clocks' offset (NTP keeps
 * it around a millisecond on one network). An agent given an instant already past begins at once: it is late, and the
 * merge says by how much. An agent given none within {@code limit} begins on its own.
 *
 * <p>{@link #startAt} is called by any thread; {@link #loadStart} by the load generator's collector thread.
 */
public final class StartBarrier implements WarmupGate {
    private final Runnable onArmed;
    private final Duration limit;
    private final CountDownLatch given = new CountDownLatch(1);
    private volatile long startEpochMicros;

    /**
     * @param onArmed told once every connection is open, before the wait
     * @param limit the longest wait for the instant
     */
    public StartBarrier(Runnable onArmed, Duration limit) {
        this.onArmed = onArmed;
        this.limit = limit;
    }

    /** Sets the shared start instant (epoch microseconds); the first call wins. */
    public synchronized void startAt(long epochMicros) {
        if (given.getCount() > 0) {
            startEpochMicros = epochMicros;
            given.countDown();
        }
    }

    /** The start instant, or null when none was given. */
    public Long startEpochMicros() {
        return given.getCount() == 0 ? startEpochMicros : null;
    }

    @Override
    public boolean ready() {
        return true;
    }

    @Override
    public long loadStart(NanoClock clock) {
        onArmed.run();
        try {
            if (!given.await(limit.nanos(), TimeUnit.NANOSECONDS)) {
                return clock.nanoTime();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return clock.nanoTime();
        }
        long now = clock.nanoTime();
        return now + (startEpochMicros - AgentClock.epochMicros()) * 1_000;
    }
}
