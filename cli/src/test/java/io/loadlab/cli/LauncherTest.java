package io.loadlab.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
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
}
