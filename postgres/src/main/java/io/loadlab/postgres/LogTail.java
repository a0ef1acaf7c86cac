package io.loadlab.postgres;

import io.loadlab.core.Printable;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The last lines of a server log, folded into one line for an error message, its control bytes escaped. */
final class LogTail {
    private static final int MAX_BYTES = 4096;
    private static final int MAX_LINES = 4;

    private LogTail() {}

    static String of(Path log) {
        try (RandomAccessFile f = new RandomAccessFile(log.toFile(), "r")) {
            long start = Math.max(0, f.length() - MAX_BYTES);
            byte[] buf = new byte[(int) (f.length() - start)];
            f.seek(start);
            f.readFully(buf);
            List<String> lines = new ArrayList<>();
            for (String line : new String(buf, StandardCharsets.UTF_8).split("\n")) {
                if (!line.isBlank()) {
                    lines.add(line.strip());
                }
            }
            List<String> tail = lines.subList(Math.max(0, lines.size() - MAX_LINES), lines.size());
            return tail.isEmpty()
                    ? "(log " + log + " is empty)"
                    : Printable.oneLine(String.join(" | ", tail)) + " (log: " + log + ")";
        } catch (IOException e) {
            return "(cannot read log " + log + ": " + e.getMessage() + ")";
        }
    }
}
