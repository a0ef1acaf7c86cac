package io.loadlab.core;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The lines another process appends to a file, read as they come: each call returns the complete lines written since
 * the last, and keeps a line not yet ended for the next. A file that does not exist (yet) reads as empty. Used by one
 * thread at a time.
 */
public final class LineTail {
    private final Path file;
    private long read;
    private final StringBuilder partial = new StringBuilder();

    public LineTail(Path file) {
        this.file = file;
    }

    public Path file() {
        return file;
    }

    /** Complete, non-blank lines (trimmed) appended since the last call. */
    public List<String> newLines() {
        List<String> lines = new ArrayList<>();
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "r")) {
            long length = f.length();
            if (length > read) {
                byte[] b = new byte[(int) (length - read)];
                f.seek(read);
                f.readFully(b);
                read = length;
                partial.append(new String(b, StandardCharsets.UTF_8));
            }
        } catch (IOException e) {
            return lines;
        }
        int nl;
        while ((nl = partial.indexOf("\n")) >= 0) {
            String line = partial.substring(0, nl).trim();
            partial.delete(0, nl + 1);
            if (!line.isEmpty()) {
                lines.add(line);
            }
        }
        return lines;
    }
}
