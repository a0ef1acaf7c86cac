package io.loadlab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.loadlab.core.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code loadlab report} and {@code loadlab compare} on the report module's checked-in results fixtures. */
class ReportCommandTest {
    private static final Path FIXTURES = Path.of("..", "report", "src", "test", "resources", "fixtures");

    @TempDir
    Path tmp;

    private Path copy(String name) throws IOException {
        Path from = FIXTURES.resolve(name);
        Path to = tmp.resolve(name);
        try (Stream<Path> files = Files.walk(from)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                Path t = to.resolve(from.relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(t);
                } else {
                    Files.copy(f, t);
                }
            }
        }
        return to;
    }

    @Test
    void htmlIsWrittenIntoTheResultsDirectory() throws IOException {
        Path dir = copy("run-a");
        CliTest.Result r = CliTest.run("report", dir.toString());
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.out()).contains("report.html");
        assertThat(Files.readString(dir.resolve("report.html"))).contains("<h2>The answer</h2>");
    }

    @Test
    void textAndMarkdownTables() throws IOException {
        Path dir = copy("run-a");
        CliTest.Result text = CliTest.run("report", "--format", "text", dir.toString());
        assertThat(text.exit()).isZero();
        assertThat(text.out()).contains("APP_BROKEN", "NOT_STEADY", " ± ");
        Path md = tmp.resolve("summary.md");
        CliTest.Result markdown =
                CliTest.run("report", "--format", "markdown", "--output", md.toString(), dir.toString());
        assertThat(markdown.exit()).isZero();
        assertThat(Files.readString(md)).contains("| model | experiment |").startsWith("```text\n");
    }

    @Test
    void missingResultsAreAOneLineUserError() {
        CliTest.Result r = CliTest.run("report", tmp.resolve("nope").toString());
        assertThat(r.exit()).isEqualTo(Main.EXIT_USAGE);
        assertThat(r.err().strip()).doesNotContain("\n").contains("no such results directory");
        CliTest.Result c = CliTest.run("compare", tmp.toString(), tmp.toString());
        assertThat(c.exit()).isEqualTo(Main.EXIT_USAGE);
        assertThat(c.err()).contains("no results.json in");
    }

    @Test
    void compareSaysFasterSlowerAndTheSame() throws IOException {
        CliTest.Result r =
                CliTest.run("compare", copy("run-a").toString(), copy("run-b").toString());
        assertThat(r.exit()).isZero();
        assertThat(r.out()).contains("faster", "slower", "no significant difference", "only in A (not compared)");
        Path html = tmp.resolve("compare.html");
        CliTest.Result h = CliTest.run(
                "compare",
                "--format",
                "html",
                "-o",
                html.toString(),
                tmp.resolve("run-a").toString(),
                tmp.resolve("run-b").toString());
        assertThat(h.exit()).isZero();
        assertThat(Files.readString(html)).contains("<td class=\"slower\">slower</td>");
    }

    @Test
    void aFlameDiffOfACpuProfileAgainstAnAllocationProfileIsRefusedBeforeAnythingIsWritten() throws IOException {
        Path dir = copy("run-a");
        ObjectNode results =
                (ObjectNode) Json.mapper().readTree(dir.resolve("results.json").toFile());
        ArrayNode trials = (ArrayNode) results.get("trials");
        String cpu = profile(dir, (ObjectNode) trials.get(0), "java");
        String alloc = profile(dir, (ObjectNode) trials.get(1), "allocated");
        Json.mapper().writeValue(dir.resolve("results.json").toFile(), results);
        Path diff = tmp.resolve("diff.html");

        CliTest.Result r = CliTest.run(
                "compare",
                dir.resolve("trials").resolve(cpu).toString(),
                dir.resolve("trials").resolve(alloc).toString(),
                "--flame-diff",
                diff.toString());

        assertThat(r.exit()).as(r.err()).isEqualTo(Main.EXIT_USAGE);
        assertThat(r.err().strip())
                .doesNotContain("\n")
                .contains("--flame-diff needs two profiles of one kind: ")
                .contains(alloc + " sampled heap allocations (--profile=alloc), the other the CPU");
        assertThat(r.out()).as("no comparison printed before the refusal").isEmpty();
        assertThat(diff).doesNotExist();
    }

    /** Gives {@code trial} a profile whose one top frame is of {@code kind}, with its collapsed stacks; its id. */
    private static String profile(Path dir, ObjectNode trial, String kind) throws IOException {
        String id = trial.get("id").asText();
        Path trialDir = Files.createDirectories(dir.resolve("trials").resolve(id));
        Files.writeString(trialDir.resolve("profile.collapsed"), "a;b_[j] 3\n");
        ObjectNode profile = ((ObjectNode) trial.get("server")).putObject("profile");
        profile.put("profiler", "async-profiler 4.6");
        profile.put("samples", 3);
        ObjectNode frame = profile.putArray("top_frames").addObject();
        frame.put("name", "b").put("kind", kind).put("samples", 3).put("share", 1.0);
        ((ObjectNode) trial.get("files")).put("profile_collapsed", "trials/" + id + "/profile.collapsed");
        return id;
    }

    @Test
    void openMetricsGoesToStdoutOrAFile() throws IOException {
        Path dir = copy("run-a");
        CliTest.Result r = CliTest.run("report", "--format", "openmetrics", dir.toString());
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.out()).startsWith("# TYPE loadlab_trial info\n").endsWith("# EOF\n");
        Path file = tmp.resolve("metrics.txt");
        assertThat(CliTest.run("report", "--format", "openmetrics", "-o", file.toString(), dir.toString())
                        .exit())
                .isZero();
        assertThat(Files.readString(file)).isEqualTo(r.out());
    }

    @Test
    void failOnRegressionExits99OnlyWhenBIsSignificantlyWorse() throws IOException {
        Path a = copy("run-a");
        Path b = copy("run-b");
        CliTest.Result worse = CliTest.run("compare", "--fail-on-regression", "5%", a.toString(), b.toString());
        assertThat(worse.exit()).as(worse.err()).isEqualTo(Main.EXIT_THRESHOLDS);
        assertThat(worse.err())
                .contains("regression: rxjava-servers / virtual-threads / delay / 1000 conn: throughput -")
                .contains("significantly worse")
                .containsPattern("loadlab compare: \\d+ regressions? beyond --fail-on-regression 5%; exit 99");
        assertThat(worse.out()).as("the comparison itself is still printed").contains("slower");

        CliTest.Result wide = CliTest.run("compare", "--fail-on-regression", "1000%", a.toString(), b.toString());
        assertThat(wide.exit()).as(wide.err()).isZero();
        assertThat(wide.err()).contains("no regression beyond 1000%");

        assertThat(CliTest.run("compare", a.toString(), b.toString()).exit())
                .as("without the flag compare never fails")
                .isZero();
        CliTest.Result bad = CliTest.run("compare", "--fail-on-regression", "lots", a.toString(), b.toString());
        assertThat(bad.exit()).isEqualTo(Main.EXIT_USAGE);
        assertThat(bad.err().strip()).startsWith("loadlab compare: --fail-on-regression: expected a percentage");
    }
}
