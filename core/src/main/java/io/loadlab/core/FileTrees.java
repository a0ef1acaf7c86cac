package io.loadlab.core;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/** Directory trees the project makes and throws away: agents' output directories, PostgreSQL's work directories. */
public final class FileTrees {
    private FileTrees() {}

    /**
     * Deletes {@code dir} and everything under it, without following symbolic links; quiet if it is already gone.
     *
     * @throws UncheckedIOException naming {@code dir} when a file cannot be deleted
     */
    public static void delete(Path dir) {
        if (!Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try {
            List<Path> deepestFirst;
            try (Stream<Path> s = Files.walk(dir)) {
                deepestFirst = s.sorted(Comparator.reverseOrder()).toList();
            }
            for (Path p : deepestFirst) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete " + dir, e);
        }
    }
}
