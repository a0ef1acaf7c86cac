package io.loadlab.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Each bench script ({@code bench/*.sh}, {@code backend/bench.sh}) in its smoke mode ({@code SMOKE=1}: smallest sizes, a second per step) against the built project
 * and today's JSON schemas: it must exit 0 and print its summary lines. Skipped, with the reason, where its Debian
 * tools are missing ({@code .ci/run} installs them).
 */
@Isolated("the bench scripts pin to both cores and time their tools: one failed beside another run")
class BenchSmokeTest {
    private static final Path ROOT = Path.of("").toAbsolutePath().getParent();

    @ParameterizedTest(name = "{0}.sh")
    @CsvSource(
            delimiter = '|',
            value = {
                "bench/c10k              | nginx ss wrk taskset python3 | c10k: CPU per request                                 |",
                // by default both layouts: the tool-bound one (a busy loop on the load core) and the nginx-bound one
                "bench/loadgen-vs-wrk    | nginx wrk taskset      | summary (loadlab/wrk, medians of the rounds; ROUNDS=1) |",
                "bench/loadgen-vs-h2load | nginx h2load taskset   | median of 1 rounds, loadlab/h2load: requests/s       |",
                "bench/servers-plaintext | nginx wrk taskset curl | backend on one core                                   |",
                "bench/profiling-overhead| python3                | worst ratios (profiled / not): throughput             |",
                "backend/bench           | wrk taskset curl       | backend CPU per call                                  |"
            })
    void runsInSmokeMode(String script, String tools, String prints, String env, @TempDir Path tmp) throws Exception {
        Path jar = ROOT.resolve("cli/target/loadlab.jar");
        assumeTrue(Files.isRegularFile(jar), "no " + jar + ": build the project first (mvn package)");
        for (String tool : tools.split(" ")) {
            assumeTrue(
                    onPath(tool),
                    script + ".sh needs " + tool + " (Debian: " + (tool.equals("h2load") ? "nghttp2-client" : tool)
                            + "; .ci/run installs it)");
        }
        assumeTrue(Runtime.getRuntime().availableProcessors() >= 2, "the bench scripts pin to 2 CPUs");
        Path out = tmp.resolve(script.replace('/', '-') + ".out");
        ProcessBuilder pb = new ProcessBuilder(ROOT.resolve(script + ".sh").toString())
                .directory(ROOT.toFile())
                .redirectErrorStream(true)
                .redirectOutput(out.toFile());
        pb.environment().put("SMOKE", "1");
        pb.environment().put("LOADLAB_SKIP_BUILD", "1"); // the reactor built the jar; a smoke run must not rebuild
        pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
        pb.environment().put("TMPDIR", tmp.toString());
        if (env != null) {
            String[] kv = env.split("=", 2);
            pb.environment().put(kv[0], kv[1]);
        }
        // busy loops already running are not the script's (another job on the host may run one)
        Set<Long> before = busyLoops();
        Set<Path> top = entries(ROOT, ROOT.resolve("bench"), ROOT.resolve("backend"));
        Process p = pb.start();
        if (!p.waitFor(240, TimeUnit.SECONDS)) {
            p.descendants().forEach(ProcessHandle::destroy);
            p.destroy();
            p.waitFor(10, TimeUnit.SECONDS);
            throw new AssertionError(script + ".sh did not end in smoke mode:\n" + Files.readString(out));
        }
        String printed = Files.readString(out);
        assertThat(p.exitValue()).as(printed).isZero();
        assertThat(printed).contains(prints);
        if (script.startsWith("bench/loadgen-vs-")) {
            // the tool's own sleeps, beside nginx's, in every run's line and in the summary's table
            assertThat(printed).contains("; tool ").contains("tool sleeps/1k req");
        }
        assertThat(entries(ROOT, ROOT.resolve("bench"), ROOT.resolve("backend")))
                .as("files the script left in the project (an awk print redirected by a stray '>' makes one)")
                .containsExactlyInAnyOrderElementsOf(top);
        assertThat(entries(tmp))
                .as("what the script left in its temporary directory")
                .containsExactly(out);
        if (script.equals("bench/loadgen-vs-wrk")) {
            assertThat(printed)
                    .contains("shared with a busy loop")
                    .containsPattern("\n  tool-bound +loadlab-io_uring +requests/s [0-9.]+[ ,]")
                    .containsPattern(
                            "\n  nginx-bound +loadlab-epoll +requests/s [0-9.]+, CPU per request [0-9.]+; nginx");
            assertThat(busyLoops().stream().filter(pid -> !before.contains(pid)).toList())
                    .as("the script's busy loop outlived it")
                    .isEmpty();
        }
    }

    /** The entries directly in {@code dirs}. */
    private static Set<Path> entries(Path... dirs) throws IOException {
        Set<Path> all = new java.util.HashSet<>();
        for (Path d : dirs) {
            try (Stream<Path> s = Files.list(d)) {
                s.forEach(all::add);
            }
        }
        return all;
    }

    /** The PIDs of processes running the busy loop of {@code bench/loadgen-vs-wrk.sh}'s tool-bound layout. */
    private static Set<Long> busyLoops() {
        return ProcessHandle.allProcesses()
                .filter(h -> h.info()
                        .arguments()
                        .map(a -> String.join(" ", a))
                        .orElse("")
                        .contains("while :; do :; done"))
                .map(ProcessHandle::pid)
                .collect(Collectors.toSet());
    }

    private static boolean onPath(String tool) {
        List<String> dirs = Arrays.asList((System.getenv("PATH") + ":/usr/sbin:/sbin").split(File.pathSeparator));
        return dirs.stream().anyMatch(d -> Files.isExecutable(Path.of(d, tool)));
    }
}
