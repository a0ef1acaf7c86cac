package io.loadlab.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.loadlab.core.Defaults;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The JDK search shared by ./loadlab and ./run-tests, run by bash as the launcher runs it. */
class LauncherTest {
    static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    static final Path FIND_JDK = ROOT.resolve("tools/find-jdk.sh");

    record Outcome(int exit, String output) {}

    static Outcome findJdk(Map<String, String> env) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(
                        "bash", "-c", ". '" + FIND_JDK + "'; loadlab_find_jdk && echo \"FOUND $LOADLAB_JAVA_HOME\"")
                .redirectErrorStream(true);
        pb.environment().remove("JAVA_HOME");
        pb.environment().putAll(env);
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        return new Outcome(p.exitValue(), out);
    }

    static Path java17() {
        Path p = Path.of("/usr/lib/jvm/java-17-openjdk-amd64");
        assumeTrue(Files.isExecutable(p.resolve("bin/java")), "no JDK 17 at " + p + " to play the old default java");
        return p;
    }

    @Test
    void findsAJdk21PlusUnderUsrLibJvmWhenTheDefaultJavaIs17() throws Exception {
        Path old = java17();
        Outcome o = findJdk(Map.of("JAVA_HOME", old.toString(), "PATH", old.resolve("bin") + ":/usr/bin:/bin"));
        assertThat(o.exit()).isZero();
        assertThat(o.output()).startsWith("FOUND /usr/lib/jvm/");
        String home = o.output().substring("FOUND ".length());
        Process v = new ProcessBuilder(home + "/bin/java", "-version")
                .redirectErrorStream(true)
                .start();
        String version = new String(v.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        v.waitFor();
        assertThat(version).doesNotContain("\"17.");
    }

    @Test
    void withoutAJdk21PlusItSaysWhichVersionsItFoundAndHowToFixIt(@TempDir Path empty) throws Exception {
        Path old = java17();
        Outcome o = findJdk(Map.of(
                "JAVA_HOME", old.toString(),
                "PATH", "/usr/bin:/bin",
                "LOADLAB_JDK_DIRS", empty.toString()));
        assertThat(o.exit()).isEqualTo(2);
        assertThat(o.output().lines()).hasSize(1);
        assertThat(o.output())
                .contains("needs a JDK 21 or newer")
                .contains("17(" + old + ")")
                .contains("JAVA_HOME");
    }

    /** A fake JDK: bin/java and bin/javac that leave a mark when run; {@code release} when given. */
    static Path fakeJdk(Path dir, String release, String versionLine) throws IOException {
        Path bin = Files.createDirectories(dir.resolve("bin"));
        for (String tool : List.of("java", "javac")) {
            Path f = bin.resolve(tool);
            Files.writeString(f, "#!/bin/sh\ntouch '" + dir.resolve("ran") + "'\necho '" + versionLine + "' >&2\n");
            Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
        if (release != null) {
            Files.writeString(dir.resolve("release"), "IMPLEMENTOR=\"Test\"\nJAVA_VERSION=\"" + release + "\"\n");
        }
        return dir;
    }

    @Test
    void readsTheVersionFromTheJdksReleaseFileWithoutStartingAJvm(@TempDir Path jdks) throws Exception {
        Path jdk = fakeJdk(jdks.resolve("jdk-22"), "22.0.2", "this java must not be run");
        Outcome o = findJdk(Map.of("PATH", "/usr/bin:/bin", "LOADLAB_JDK_DIRS", jdks.toString()));
        assertThat(o.output()).isEqualTo("FOUND " + jdk);
        assertThat(jdk.resolve("ran")).doesNotExist();
    }

    @Test
    void withoutAReleaseFileItAsksJavaForItsVersion(@TempDir Path jdks) throws Exception {
        Path jdk = fakeJdk(jdks.resolve("jdk-24"), null, "openjdk version \"24.0.1\" 2025-04-15");
        Outcome o = findJdk(Map.of("PATH", "/usr/bin:/bin", "LOADLAB_JDK_DIRS", jdks.toString()));
        assertThat(o.output()).isEqualTo("FOUND " + jdk);
        assertThat(jdk.resolve("ran")).exists();
    }

    static String bash(String script, Map<String, String> env) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder("bash", "-c", script).redirectErrorStream(true);
        pb.environment().putAll(env);
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        return out;
    }

    @Test
    void theLauncherGivesItsJvmTheSameDefaultFlagsAsTheLabGivesItsChildren() throws Exception {
        for (int feature : new int[] {21, 22, 23, 25}) {
            String flags = bash(
                    ". '" + FIND_JDK + "'; loadlab_jvm_flags; echo \"$LOADLAB_JVM_FLAGS\"",
                    Map.of("LOADLAB_JAVA_MAJOR", Integer.toString(feature)));
            assertThat(flags).as("JDK " + feature).isEqualTo(String.join(" ", Defaults.jvmFlags(feature)));
        }
        assertThat(Defaults.jvmFlags(25))
                .containsExactly("--enable-native-access=ALL-UNNAMED", "--sun-misc-unsafe-memory-access=allow");
        assertThat(Defaults.jvmFlags(21)).containsExactly("--enable-native-access=ALL-UNNAMED");
    }

    @Test
    void theClassDataArchiveIsUsedOnlyWhenNewerThanTheJarAndNotTurnedOff(@TempDir Path dir) throws Exception {
        Path jdk = fakeJdk(dir.resolve("jdk"), "25.0.3", "unused");
        Files.writeString(
                jdk.resolve("release"),
                "JAVA_RUNTIME_VERSION=\"25.0.3+9-LTS\"\n",
                java.nio.file.StandardOpenOption.APPEND);
        Path jar = Files.writeString(dir.resolve("loadlab.jar"), "jar");
        Path archive = Files.createDirectories(dir.resolve("cds")).resolve("loadlab-25.0.3_9-LTS.jsa");
        Files.writeString(archive, "archive");
        String script = ". '" + ROOT.resolve("tools/cds.sh") + "'; loadlab_cds '" + jar
                + "' 0; echo \"$LOADLAB_CDS_NEEDED [$LOADLAB_CDS_FLAGS]\"";
        Map<String, String> env = Map.of("LOADLAB_JAVA_HOME", jdk.toString(), "LOADLAB_JAVA_MAJOR", "25");

        Files.setLastModifiedTime(jar, FileTime.from(Instant.now().minusSeconds(60)));
        assertThat(bash(script, env)).startsWith("0 [-XX:SharedArchiveFile=" + archive + " ");
        assertThat(bash(script, Map.of("LOADLAB_JAVA_HOME", jdk.toString(), "LOADLAB_CDS", "0")))
                .isEqualTo("0 []");

        Files.setLastModifiedTime(jar, FileTime.from(Instant.now().plusSeconds(60))); // rebuilt: the archive is stale
        assertThat(bash(script, env)).isEqualTo("1 []");
        // a recording that failed for this jar is not retried (nor does every launch take the build lock for it)
        Path failed = Files.writeString(archive.resolveSibling(archive.getFileName() + ".failed"), "");
        Files.setLastModifiedTime(failed, FileTime.from(Instant.now().plusSeconds(120)));
        assertThat(bash(script, env)).isEqualTo("0 []");
        assertThat(jdk.resolve("ran")).doesNotExist();
    }
}
