package io.loadlab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every command fed the bad values its options accept as strings: each is refused before any work starts, with one
 * line naming the mistake (plus picocli's usage line for a value it cannot convert) and exit 2, never a trace.
 */
class BadInputTest {
    /** A port nothing listens on: a command that got past its checks would fail differently, or hang. */
    private static final String URL = "http://127.0.0.1:1/";

    @TempDir
    static Path tmp;

    static Stream<Arguments> badInputs() {
        return Stream.of(
                bad("run --scenario json -c 0", "-c/--connections must be at least 1, got 0"),
                bad("run --scenario crud -R 1 -c 0", "-c/--connections must be at least 1, got 0"),
                bad("run --scenario json -c 100,0", "got 0"),
                bad("run --scenario json -c -5", "--connections"),
                bad("run --scenario json -R 0", "positive rate"),
                bad("run --scenario json -R -1", "positive rate"),
                bad("run --scenario json --repetitions 0", "--repetitions must be at least 1"),
                bad("run --scenario json --cpus 4096:0:0", "CPU 4096 is not one this host lets loadlab use"),
                bad("run --scenario json --cpus x:0:0", "'x' is not a CPU list"),
                bad("run --scenario json --cpus 1:0", "--cpus wants SERVER:LOADGEN:DEPS"),
                bad("run --scenario crud --db-url garbage", "--db-url 'garbage' is neither postgresql://"),
                // flags of an ad-hoc experiment without --scenario: the default suite would run and ignore them
                bad("run --model nosuch", "--model shapes an ad-hoc experiment: add --scenario"),
                bad("run --model netty -c 1000", "--model, -c shape an ad-hoc experiment"),
                bad("run quick -R 5k", "-R shapes an ad-hoc experiment"),
                bad("run --delay 10ms", "leave it out to run the suite quick as written"),
                bad("load -c 0 " + URL, "connections must be at least 1"),
                bad("load -X GE/T " + URL, "-X: method 'GE/T' is not an HTTP token"),
                bad("load -H X(a):1 " + URL, "-H: header name 'X(a)' is not an HTTP token"),
                bad("load --body @/nonexistent -X POST " + URL, "(no such directory at /nonexistent)"),
                // an export that could not be written at the end is refused before the load, which it would lose
                bad("load --json FILE/x.json " + URL, "/x.json: cannot write there (a file is in the way"),
                bad("load --csv EMPTY " + URL, "is a directory; give a file name"),
                bad("load --hlog FILE/h.hlog " + URL, "cannot write there"),
                bad("run --scenario json --junit FILE/j.xml", "--junit"),
                bad("load -c -1 " + URL, "--connections"),
                bad("load -t 0 " + URL, "threads must be at least 1"),
                bad("load -t -2 " + URL, "threads must be at least 1"),
                bad("load -R 0 " + URL, "positive rate"),
                bad("load -R -5 " + URL, "positive rate"),
                bad("load --agents 0 " + URL, "--agents must be at least 1, got 0"),
                bad("load --agents -1 " + URL, "--agents must be at least 1, got -1"),
                bad("load -R 5 --max-connections 0 " + URL, "--max-connections 0"),
                bad("load --http2 -m 0 " + URL, "max streams"),
                bad("backend --delay-schedule 50ms,10s", "is not AFTER:DELAY"),
                bad("backend --transport kqueue", "unknown transport 'kqueue'"),
                bad("backend --delay-schedule 50ms,soon:1s", "'soon' is not a duration"),
                bad("load --retries -1 " + URL, "--retries must be 0 or more, got -1"),
                bad("load --retries 2 --retry-backoff soon " + URL, "soon"),
                bad("load --transport kqueue " + URL, "unknown transport 'kqueue': use io_uring, epoll or nio"),
                bad("agent --agents 1 --index 0 --transport x " + URL, "unknown transport 'x'"),
                bad("agent --agents 1 --index 0 --retries -3 " + URL, "--retries must be 0 or more"),
                bad("k8s --agents 1 --retries -1 " + URL, "--retries must be 0 or more"),
                bad("agent --agents 0 --index 0 " + URL, "--agents must be at least 1"),
                bad("agent --agents -1 --index 0 " + URL, "--agents must be at least 1"),
                bad("agent --agents 1 --index 0 -c 0 " + URL, "connections must be at least 1"),
                bad("agent --agents 1 --index 0 -t 0 " + URL, "threads must be at least 1"),
                bad("agent --agents 1 --index 0 -R 0 " + URL, "positive rate"),
                bad("k8s --agents 0 " + URL, "--agents must be at least 1, got 0"),
                bad("k8s --agents -2 " + URL, "--agents must be at least 1, got -2"),
                bad("k8s --agents 1 -c 0 " + URL, "connections must be at least 1"),
                bad("k8s --agents 1 -t 0 " + URL, "threads must be at least 1"),
                bad("k8s --agents 1 -R 0 " + URL, "positive rate"),
                bad("report /nonexistent", "no such results directory: /nonexistent"),
                bad("report EMPTY", "no results.json in"),
                bad("report FILE", "no such results directory"),
                bad("compare /nonexistent EMPTY", "no such directory: /nonexistent"),
                bad("compare EMPTY /nonexistent", "no such directory: /nonexistent"),
                bad("compare EMPTY EMPTY", "no results.json in"),
                bad("compare FILE FILE", "no such directory"),
                bad("compare / /", "no results.json in /"),
                bad("merge /nonexistent", "/nonexistent is not a directory"),
                bad("merge EMPTY", "holds no agent output"),
                bad("merge FILE", "is not a directory"));
    }

    private static Arguments bad(String line, String says) {
        return Arguments.of(line, says);
    }

    @ParameterizedTest(name = "loadlab {0}")
    @MethodSource("badInputs")
    void isRefusedWithOneLineAndExit2BeforeAnythingStarts(String line, String says) throws IOException {
        Path empty = Files.createDirectories(tmp.resolve("empty"));
        Path file = tmp.resolve("file.txt");
        Files.writeString(file, "not a directory");
        Path results = tmp.resolve("results-" + Integer.toHexString(line.hashCode()));
        List<String> args = new ArrayList<>();
        for (String a : line.split(" ")) {
            // FILE/... is a path under a regular file: its directory cannot be made
            args.add(a.equals("EMPTY") ? empty.toString() : a.startsWith("FILE") ? file + a.substring(4) : a);
        }
        if (args.get(0).equals("run")) {
            args.addAll(List.of("--results", results.toString()));
        }

        CliTest.Result r = CliTest.run(args.toArray(String[]::new));

        assertThat(r.exit()).as(r.err()).isEqualTo(Main.EXIT_USAGE);
        List<String> lines = r.err().lines().filter(l -> !l.isBlank()).toList();
        assertThat(lines.get(0)).startsWith("loadlab").contains(says);
        assertThat(lines.subList(1, lines.size())).as(r.err()).allMatch(l -> l.startsWith("Usage: "));
        assertThat(r.err()).doesNotContain("Exception", "\tat ", "internal error");
        assertThat(r.out()).as("nothing started").isEmpty();
        assertThat(results).as("no run directory").doesNotExist();
    }
}
