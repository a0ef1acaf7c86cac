package io.loadlab.loadgen.agents;

import java.time.Instant;

/** The wall clock in epoch microseconds, the unit in which agents agree on their start. */
public final class AgentClock {
    private AgentClock() {}

    public static long epochMicros() {
        Instant now = Instant.now();
        return now.getEpochSecond() * 1_000_000 + now.getNano() / 1_000;
    }
}
