package io.loadlab.lab.child;

import static org.assertj.core.api.Assertions.assertThat;

import io.loadlab.lab.proc.ProcessRegistry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A framework application's build ends with the lab however the lab ends: a source tree whose {@code mvnw} stands in
 * for Maven (it records its PID, or leaves a process behind) and {@code loadlab.home} pointing at it.
 */
@Timeout(90)
class ApplicationsBuildTest {
    /** Builds the application {@code app} of the tree {@code -Dloadlab.home} names, as the lab does before a run. */
    public static final class Build {
        public static void main(String[] args) {
            Applications.find().ensureBuilt(List.of(args[0]), System.out::println);
        }
    }

    private static Path tree(Path home, String mvnw) throws Exception {
        Files.createDirectories(home.resolve("frameworks"));
        Files.writeString(home.resolve("frameworks/pom.xml"), "<project/>\n");
        Path script = home.resolve("mvnw");
        Files.writeString(script, "#!/bin/sh\ncd \"$(dirname \"$0\")\"\n" + mvnw);
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
        return home;
    }

    private static long pidIn(Path file, long waitMs) throws Exception {
        long until = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(waitMs);
        while (System.nanoTime() < until) {
            if (Files.isRegularFile(file)) {
                String s = Files.readString(file).trim();
                if (!s.isEmpty()) {
                    return Long.parseLong(s);
                }
            }
            Thread.sleep(50);
        }
        throw new AssertionError("no PID in " + file + " within " + waitMs + " ms");
    }

    private static boolean endsWithin(long pid, long waitMs) throws Exception {
        long until = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(waitMs);
        while (System.nanoTime() < until) {
            if (ProcessHandle.of(pid).filter(ProcessRegistry::alive).isEmpty()) {
                return true;
            }
            Thread.sleep(100);
        }
        return false;
    }

    @Test
    void aLabKilledOutrightMidBuildTakesTheBuildWithIt(@TempDir Path tmp) throws Exception {
        Path home = tree(tmp.resolve("src"), "echo $$ > build.pid\nexec sleep 60\n");
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process lab = new ProcessBuilder(
                        java.toString(),
                        "-cp",
                        System.getProperty("java.class.path"),
                        "-D" + Applications.HOME_PROPERTY + "=" + home,
                        Build.class.getName(),
                        "app")
                .redirectErrorStream(true)
                .redirectOutput(tmp.resolve("lab.out").toFile())
                .start();
        long build = 0;
        try {
            build = pidIn(home.resolve("build.pid"), 30_000);
            assertThat(ProcessHandle.of(build).map(ProcessHandle::isAlive)).contains(true);
            lab.destroyForcibly(); // SIGKILL: no shutdown hook, no finally
            assertThat(lab.waitFor(10, TimeUnit.SECONDS)).isTrue();
            assertThat(endsWithin(build, 15_000))
                    .as("the build (PID %d) outlived the lab killed outright", build)
                    .isTrue();
        } finally {
            lab.destroyForcibly();
            if (build > 0) {
                ProcessHandle.of(build).ifPresent(ProcessHandle::destroyForcibly);
            }
        }
    }

    @Test
    void whatABuildLeftRunningEndsWithIt(@TempDir Path tmp) throws Exception {
        Path home = tree(tmp.resolve("src"), """
                mkdir -p frameworks/app/target && : > frameworks/app/target/loadlab-app.jar
                sleep 60 >/dev/null 2>&1 &
                echo $! > left.pid
                """);
        String before = System.getProperty(Applications.HOME_PROPERTY);
        System.setProperty(Applications.HOME_PROPERTY, home.toString());
        long left = 0;
        try {
            Applications.find().ensureBuilt(List.of("app"), line -> {});
            left = pidIn(home.resolve("left.pid"), 1_000);
            assertThat(endsWithin(left, 10_000))
                    .as("a process the build started (PID %d) outlived it", left)
                    .isTrue();
            assertThat(Files.isRegularFile(home.resolve("frameworks/app/target/loadlab-app.jar")))
                    .isTrue();
        } finally {
            if (before == null) {
                System.clearProperty(Applications.HOME_PROPERTY);
            } else {
                System.setProperty(Applications.HOME_PROPERTY, before);
            }
            if (left > 0) {
                ProcessHandle.of(left).ifPresent(ProcessHandle::destroyForcibly);
            }
        }
    }
}
