package io.loadlab.frameworks.common;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * The directory an embedded Tomcat must have (its {@code work} directory goes there), made for one start and deleted
 * with the server: left to Tomcat or Spring Boot, one more {@code tomcat.*} directory stays in the temporary directory
 * after every run.
 */
public final class TomcatBaseDir implements AutoCloseable {
    private final Path dir;

    private TomcatBaseDir(Path dir) {
        this.dir = dir;
    }

    /** A new, empty directory under {@code java.io.tmpdir}, named after {@code model}. */
    public static TomcatBaseDir create(String model) throws IOException {
        return new TomcatBaseDir(Files.createTempDirectory("loadlab-" + model + "-tomcat-"));
    }

    public Path path() {
        return dir;
    }

    /**
     * Deletes the directory and what Tomcat put in it; quiet if it is gone, best effort otherwise (the server is
     * ending).
     */
    @Override
    public void close() {
        if (!Files.exists(dir)) {
            return;
        }
        List<Path> deepestFirst;
        try (Stream<Path> s = Files.walk(dir)) {
            deepestFirst = s.sorted(Comparator.reverseOrder()).toList();
        } catch (IOException e) {
            return;
        }
        for (Path p : deepestFirst) {
            try {
                Files.deleteIfExists(p);
            } catch (IOException e) {
                // a file Tomcat still holds: the rest goes
            }
        }
    }
}
