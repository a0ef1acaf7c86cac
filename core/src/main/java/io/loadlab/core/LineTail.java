package io.loadlab.core;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The lines another process appends to a file, read as they come: each call returns the complete lines written since
 * the last, and keeps a line not yet ended for the next. A file that does not exist (yet) reads as empty. Used by one
 * thread at a time.
 */
public final class LineTail {
    private final Path file;
    private long read;
    /** The bytes after the last line end: a line not yet ended, possibly cut inside a multi-byte character. */
    private byte[] partial = new byte[0];

    public LineTail(Path file) {
        this.file = file;
    }

    public Path file() {
        return file;
    }

    /**
     * Complete, non-blank lines (trimmed) appended since the last call. Lines are split on the byte {@code '\n'}
     * before they are decoded as UTF-8, which no multi-byte character contains, so a character the writer had not
     * finished when a read ended is decoded whole with the rest of its line.
     */
    public List<String> newLines() {
        List<String> lines = new ArrayList<>();
        byte[] b;
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "r")) {
            long length = f.length();
            if (length <= read) {
                return lines;
            }
            b = new byte[partial.length + (int) (length - read)];
            System.arraycopy(partial, 0, b, 0, partial.length);
            f.seek(read);
            f.readFully(b, partial.length, (int) (length - read));
            read = length;
        } catch (IOException e) {
            return lines;
        }
        int from = 0;
        for (int i = 0; i < b.length; i++) {
            if (b[i] == '\n') {
                String line = new String(b, from, i - from, StandardCharsets.UTF_8).trim();
                if (!line.isEmpty()) {
                    lines.add(line);
                }
                from = i + 1;
            }
        }
        partial = Arrays.copyOfRange(b, from, b.length);
        return lines;
    }
}
