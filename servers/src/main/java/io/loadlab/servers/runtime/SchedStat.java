package io.loadlab.servers.runtime;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The calling thread's scheduler statistics from Linux ({@code /proc/thread-self/schedstat}: nanoseconds on a CPU,
 * nanoseconds waiting on a run queue, time slices). Used by {@link StallWatchdog} only; reading it is a small
 * blocking file read, acceptable in an opt-in check, never on a production path.
 */
final class SchedStat {
    private static final Path FILE = Path.of("/proc/thread-self/schedstat");
    private static final boolean AVAILABLE = Files.isReadable(FILE);

    private SchedStat() {}

    /** Nanoseconds the calling thread has waited for a CPU since it started, or -1 when unknown. */
    static long runQueueNanos() {
        if (!AVAILABLE) {
            return -1;
        }
        try {
            String[] f = new String(Files.readAllBytes(FILE), StandardCharsets.US_ASCII)
                    .trim()
                    .split(" ");
            return f.length >= 2 ? Long.parseLong(f[1]) : -1;
        } catch (IOException | NumberFormatException e) {
            return -1;
        }
    }
}
