package io.loadlab.core.result;

import java.util.Map;

/**
 * The server of a trial as it ran: the effective settings it announced (threads, pools, queues, event loops, JVM
 * flags), its exit status when it died during the trial (else null), its JIT when the window opened, and its profile
 * over the window (null when profiling was off or the trial never reached its window).
 */
public record ServerFacts(Map<String, Object> settings, Integer exitStatus, Jit jit, ServerProfile profile) {
    public static final ServerFacts UNKNOWN = new ServerFacts(Map.of(), null, null, null);

    /**
     * The server's JIT compiler threads when the measured window opened: their CPU over the second before (cores; 0
     * for a server without any), and whether the warm-up ended because they were quiet rather than at its limit.
     */
    public record Jit(double compilerCores, boolean quiet) {}
}
