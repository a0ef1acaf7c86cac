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

    /**
     * Writes {@code text} to {@code file} and says so on {@code stdout}, or writes it to {@code stdout} when the file
     * is absent or {@code -}: the commands whose output is the text itself (report, compare) print it by default.
     */
    static void writeAndSay(Path file, String text, PrintWriter stdout) {
        if (file == null || isStdout(file)) {
            write(Path.of(STDOUT), text, stdout);
            return;
        }
        write(file, text, stdout);
        stdout.println("wrote " + file);
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
            throw new UserError(
                    "cannot write " + file + " (" + UserError.why(e) + "); check that its directory is writable");
        }
    }

    /**
     * Refuses now, before the run whose result it is to hold, a {@code file} that {@link #write} could not write at
     * its end: a bad path must not cost the user the run. Makes the file's directory, as the write would.
     */
    static void checkWritable(String flag, Path file) {
        if (file == null || isStdout(file)) {
            return;
        }
        Path abs = file.toAbsolutePath();
        if (Files.isDirectory(abs)) {
            throw new UserError(flag + " " + file + " is a directory; give a file name");
        }
        try {
            Files.createDirectories(abs.getParent());
            Files.delete(Files.createTempFile(abs.getParent(), "." + abs.getFileName(), ".tmp"));
        } catch (IOException e) {
            throw new UserError(flag + " " + file + ": cannot write there (" + UserError.why(e)
                    + "); give a path in a writable directory");
        }
    }
}
