package io.loadlab.e2e;

import io.loadlab.core.proc.MarkedProcesses;
import io.loadlab.core.result.ResultsUpgrade;
import io.loadlab.core.result.SuiteResults;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * {@code loadlab} as a user runs it: a child JVM on the test classpath (which holds every module and the fake
 * servers), its output in a file, its results read back. Every process it starts is ended by PID.
 */
final class LabRun {
    static final String JAVA =
            Path.of(System.getProperty("java.home"), "bin", "java").toString();
    static final String CP = System.getProperty("java.class.path");

    final Process process;
    final Path output;
    final Path results;

    private LabRun(Process process, Path output, Path results) {
        this.process = process;
        this.output = output;
        this.results = results;
    }

    /** Starts {@code loadlab ARGS} with {@code --results RESULTS}; returns at once. */
    static LabRun start(Path results, List<String> args) throws IOException {
        List<String> cmd = new ArrayList<>();
        if (sigintIgnored()) {
            // Started from a background job, this JVM ignores SIGINT, and so would the lab: the JVM installs no
            // handler for an ignored signal. Restore the default before exec so Ctrl-C reaches the lab as it would
            // from a terminal; the PID stays the lab's.
            cmd.addAll(
                    List.of(
                            "python3",
                            "-c",
                            "import os,signal,sys; signal.signal(signal.SIGINT, signal.SIG_DFL); os.execv(sys.argv[1], sys.argv[1:])"));
        }
        cmd.addAll(List.of(JAVA, "-cp", CP, "io.loadlab.cli.Main"));
        cmd.addAll(args);
        cmd.add("--results");
        cmd.add(results.toString());
        Files.createDirectories(results);
        Path out = results.resolve("lab-output.txt");
        Process p = new ProcessBuilder(cmd)
                .redirectErrorStream(true)
                .redirectOutput(out.toFile())
                .start();
        return new LabRun(p, out, results);
    }

    /** True when this process ignores SIGINT ({@code SigIgn} bit 2 in /proc/self/status). */
    static boolean sigintIgnored() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("SigIgn:")) {
                    return (Long.parseLong(line.substring(7).trim(), 16) & 0x2) != 0;
                }
            }
        } catch (IOException | NumberFormatException e) {
            // assume the default
        }
        return false;
    }

    /** Runs to the end (at most {@code seconds}); fails the test with the output when it does not end. */
    static LabRun run(Path results, int seconds, List<String> args) throws Exception {
        LabRun r = start(results, args);
        if (!r.process.waitFor(seconds, TimeUnit.SECONDS)) {
            r.process.destroyForcibly();
            throw new AssertionError("loadlab run did not end within " + seconds + " s:\n" + r.output());
        }
        return r;
    }

    String output() {
        try {
            return Files.readString(output);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The one suite directory under the results root, or null before it exists. */
    Path suiteDir() throws IOException {
        try (Stream<Path> s = Files.list(results)) {
            return s.filter(Files::isDirectory).findFirst().orElse(null);
        }
    }

    SuiteResults suiteResults() throws IOException {
        return ResultsUpgrade.readSuite(suiteDir().resolve("results.json"));
    }

    /** The command that starts the fake server on {@code port} in {@code mode}, as --server-cmd takes it. */
    static String fakeServer(int port, String mode) {
        return JAVA + " -cp " + CP + " io.loadlab.e2e.fake.FakeServer " + port + " " + mode;
    }

    static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    /** PIDs of live processes whose environment carries {@code LOADLAB_RESULTS=<dir>}: what the lab left behind. */
    static List<Long> processesOf(Path suiteDir) {
        return MarkedProcesses.byValue("LOADLAB_RESULTS").getOrDefault(suiteDir.toString(), List.of());
    }

    /** The command line of process {@code pid}, its arguments separated by spaces; "" once it is gone. */
    static String commandOf(long pid) {
        try {
            return Files.readString(Path.of("/proc", Long.toString(pid), "cmdline"))
                    .replace('\0', ' ');
        } catch (IOException e) {
            return "";
        }
    }

    static boolean portFree(int port) {
        try (ServerSocket s = new ServerSocket(port)) {
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
