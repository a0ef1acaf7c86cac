package io.loadlab.lab.child;

import io.loadlab.core.UserError;
import io.loadlab.core.model.Launch;
import io.loadlab.lab.proc.Lifeline;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * The framework models' applications: each is a runnable jar built from its own module,
 * {@code frameworks/MODULE/target/loadlab-MODULE.jar}. They are not part of the quick build (nothing of Spring or
 * Tomcat is needed to run the reference models), so the first run that needs one builds it, with a progress line,
 * and a later run rebuilds it when its sources are newer than its jar. Two runs at once build it once: the second
 * waits on a file lock.
 */
public final class Applications {
    /** Where the source tree is, when the launcher says so ({@code -Dloadlab.home}); else found from this class. */
    public static final String HOME_PROPERTY = "loadlab.home";

    private static final long BUILD_TIMEOUT_MINUTES = 20;

    /** The marker every process of a build carries, by which its lifeline finds them. */
    static final String BUILD_ENV = "LOADLAB_BUILD";

    private final Path home;

    private Applications(Path home) {
        this.home = home;
    }

    /** The applications of the source tree this lab runs from; a {@link UserError} when there is none. */
    public static Applications find() {
        String prop = System.getProperty(HOME_PROPERTY);
        if (prop != null && isHome(Path.of(prop))) {
            return new Applications(Path.of(prop).toAbsolutePath());
        }
        try {
            Path at = Path.of(Applications.class
                            .getProtectionDomain()
                            .getCodeSource()
                            .getLocation()
                            .toURI())
                    .toAbsolutePath();
            for (Path p = at; p != null; p = p.getParent()) {
                if (isHome(p)) {
                    return new Applications(p);
                }
            }
        } catch (URISyntaxException | SecurityException | NullPointerException e) {
            // no code source: fall through to the error
        }
        throw new UserError("the framework models are built from the loadlab source tree (frameworks/), which this"
                + " loadlab was not started from; run ./loadlab from a clone");
    }

    private static boolean isHome(Path p) {
        return Files.isRegularFile(p.resolve("mvnw")) && Files.isRegularFile(p.resolve("frameworks/pom.xml"));
    }

    /** The runnable jar of {@code module} (it may not be built yet), where {@link Launch#jar} says it is. */
    public Path jar(String module) {
        return home.resolve(Launch.process(module).jar());
    }

    /**
     * Builds the jars of {@code modules} that are missing or older than their sources, saying so on {@code progress};
     * a {@link UserError} naming the build log when the build fails.
     */
    public void ensureBuilt(Collection<String> modules, Consumer<String> progress) {
        List<String> stale = modules.stream().distinct().filter(this::stale).toList();
        if (stale.isEmpty()) {
            return;
        }
        Path target = home.resolve("target");
        try {
            Files.createDirectories(target);
            try (FileChannel ch = FileChannel.open(
                            target.resolve("frameworks-build.lock"),
                            StandardOpenOption.CREATE,
                            StandardOpenOption.WRITE);
                    FileLock ignored = ch.lock()) {
                List<String> still = stale.stream().filter(this::stale).toList();
                if (!still.isEmpty()) {
                    build(still, target.resolve("frameworks-build.log"), progress);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void build(List<String> modules, Path log, Consumer<String> progress) throws IOException {
        progress.accept("building " + String.join(", ", modules)
                + " (first use or sources changed; the first build downloads their dependencies from Maven Central;"
                + " log: " + home.relativize(log) + ") ...");
        long start = System.nanoTime();
        List<String> cmd = new ArrayList<>(List.of(
                home.resolve("mvnw").toString(),
                "-B",
                "-q",
                "--no-transfer-progress",
                "-f",
                home.resolve("pom.xml").toString(),
                "-DskipTests",
                "-pl",
                String.join(",", modules.stream().map(m -> "frameworks/" + m).toList()),
                "-am",
                "package"));
        ProcessBuilder pb = new ProcessBuilder(cmd)
                .directory(home.toFile())
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
        pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
        // should this JVM be killed outright mid-build, Maven and what it forked still end: the build runs before the
        // run's own marker exists, so it carries one of its own
        try (Lifeline ignored = Lifeline.forProcesses(pb, BUILD_ENV)) {
            run(pb, modules, log);
        }
        progress.accept("built " + String.join(", ", modules) + " in "
                + TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start) + " s");
    }

    /** Runs the build of {@code modules} to its end; a {@link UserError} naming {@code log} when it fails. */
    private void run(ProcessBuilder pb, List<String> modules, Path log) throws IOException {
        Process p = pb.start();
        try {
            if (!p.waitFor(BUILD_TIMEOUT_MINUTES, TimeUnit.MINUTES)) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
                throw new UserError("building " + String.join(", ", modules) + " took over " + BUILD_TIMEOUT_MINUTES
                        + " minutes; see " + log);
            }
        } catch (InterruptedException e) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new UserError("building " + String.join(", ", modules) + " was interrupted");
        }
        List<String> missing =
                modules.stream().filter(m -> !Files.isRegularFile(jar(m))).toList();
        if (p.exitValue() != 0 || !missing.isEmpty()) {
            throw new UserError("building " + String.join(", ", modules) + " failed (exit status " + p.exitValue()
                    + "); the whole log is in " + log);
        }
    }

    /**
     * True when the jar is missing or a file it is built from is newer: its module's, the frameworks' shared modules'
     * ({@code frameworks/common}, {@code frameworks/*-common}), loadlab-core's (whose settings record every
     * application writes) and the poms above them.
     */
    boolean stale(String module) {
        Path jar = jar(module);
        if (!Files.isRegularFile(jar)) {
            return true;
        }
        try {
            FileTime built = Files.getLastModifiedTime(jar);
            for (Path pom : List.of(home.resolve("pom.xml"), home.resolve("frameworks/pom.xml"))) {
                if (newer(pom, built)) {
                    return true;
                }
            }
            for (Path dir : sources(module)) {
                try (Stream<Path> files = Stream.concat(
                        Stream.of(dir.resolve("pom.xml")).filter(Files::isRegularFile),
                        Files.isDirectory(dir.resolve("src/main"))
                                ? Files.walk(dir.resolve("src/main"))
                                : Stream.empty())) {
                    if (files.filter(Files::isRegularFile).anyMatch(f -> newer(f, built))) {
                        return true;
                    }
                }
            }
            return false;
        } catch (IOException e) {
            return true;
        }
    }

    /** The module directories {@code module}'s jar is built from. */
    private List<Path> sources(String module) throws IOException {
        List<Path> dirs = new ArrayList<>(List.of(home.resolve("frameworks").resolve(module), home.resolve("core")));
        try (Stream<Path> shared = Files.list(home.resolve("frameworks"))) {
            shared.filter(d -> d.getFileName().toString().equals("common")
                            || d.getFileName().toString().endsWith("-common"))
                    .forEach(dirs::add);
        }
        return dirs;
    }

    private static boolean newer(Path f, FileTime than) {
        try {
            return Files.getLastModifiedTime(f).compareTo(than) > 0;
        } catch (IOException e) {
            return true;
        }
    }
}
