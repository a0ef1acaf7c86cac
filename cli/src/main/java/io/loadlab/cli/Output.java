package io.loadlab.cli;

import io.loadlab.core.UserError;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Where a machine-readable export goes: a file, written atomically (a reader sees the old file or the new one), or
 * standard output when the name is {@code -}, as wrk, k6 and most Unix tools read it.
 */
final class Output {
    static final String STDOUT = "-";

    private Output() {}

    static boolean isStdout(Path file) {
        return file != null && file.toString().equals(STDOUT);
    }

    /** Writes {@code text} to {@code file}, or to {@code stdout} when the file is {@code -}. */
    static void write(Path file, String text, PrintWriter stdout) {
        if (isStdout(file)) {
            stdout.print(text);
            stdout.flush();
            return;
        }
        Path abs = file.toAbsolutePath();
        try {
            Files.createDirectories(abs.getParent());
            Path tmp = Files.createTempFile(abs.getParent(), "." + abs.getFileName(), ".tmp");
            try {
                Files.writeString(tmp, text, StandardCharsets.UTF_8);
                Files.move(tmp, abs, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } finally {
                Files.deleteIfExists(tmp);
            }
        } catch (IOException e) {
            throw new UserError("cannot write " + file + " (" + e.getClass().getSimpleName() + ": " + e.getMessage()
                    + "); check that its directory is writable");
        }
    }
}
