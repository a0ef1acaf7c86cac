package io.loadlab.core.result;

import io.loadlab.core.settings.ServerSettings;
import java.util.Map;

/**
 * The server of a trial as it ran: the settings record it announced (null when it announced none), the settings its
 * suite declares for it (a user's own server; else null), its exit status when it died during the trial (else null),
 * its JIT when the window opened, and its profile over the window (null when profiling was off or the trial never
 * reached its window).
 */
public record ServerFacts(
        ServerSettings settings, Map<String, String> declared, Integer exitStatus, Jit jit, ServerProfile profile) {
    public static final ServerFacts UNKNOWN = new ServerFacts(null, null, null, null, null);

    /**
     * The server's JIT compiler threads when the measured window opened: their CPU over the second before (cores; 0
     * for a server without any), and whether the warm-up ended because they were quiet rather than at its limit.
     */
    public record Jit(double compilerCores, boolean quiet) {}
}
