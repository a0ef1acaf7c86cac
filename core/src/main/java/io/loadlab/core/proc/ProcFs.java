package io.loadlab.core.proc;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Where {@code /proc} is, and the kernel constants needed to read it. */
public final class ProcFs {
    static final Path ROOT = Path.of("/proc");

    private ProcFs() {}

    /**
     * USER_HZ, the unit of CPU times in {@code /proc}. It is 100 on every mainstream Linux build; it is not
     * readable from Java without a native call, so it is taken as 100 unless {@code getconf CLK_TCK} says otherwise.
     */
    public static long clockTicksPerSecond() {
        return Holder.TICKS;
    }

    /**
     * Reads a whole {@code /proc} or {@code /sys} file. {@code Files.readString} must not be used there: these
     * files report a size of 0 and it may return only the first bytes.
     */
    public static String read(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** Reads a single-value file such as {@code /proc/sys/net/core/somaxconn}; null when it is not there. */
    public static String readValue(String path) {
        try {
            return read(Path.of(path)).trim();
        } catch (IOException | SecurityException e) {
            return null;
        }
    }

    /**
     * The value of the first line of {@code text} that starts with {@code key} (e.g. {@code "SigIgn:"} in
     * {@code /proc/self/status}, {@code "model name"} in {@code /proc/cpuinfo}), trimmed and without a leading colon;
     * null when no line does or {@code text} is null.
     */
    public static String field(String text, String key) {
        if (text == null) {
            return null;
        }
        for (String line : text.split("\n")) {
            if (line.startsWith(key)) {
                String v = line.substring(key.length()).trim();
                return v.startsWith(":") ? v.substring(1).trim() : v;
            }
        }
        return null;
    }

    private static final class Holder {
        static final long TICKS = detect();

        private static long detect() {
            try {
                Process p = new ProcessBuilder("getconf", "CLK_TCK")
                        .redirectErrorStream(true)
                        .start();
                String out = new String(p.getInputStream().readAllBytes()).trim();
                p.waitFor();
                long v = Long.parseLong(out);
                return v > 0 ? v : 100;
            } catch (IOException | NumberFormatException e) {
                return 100;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return 100;
            }
        }
    }
}
