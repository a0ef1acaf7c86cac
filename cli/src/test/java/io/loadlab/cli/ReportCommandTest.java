package io.loadlab.cli;

import static org.assertj.core.api.Assertions.assertThat;

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
}
