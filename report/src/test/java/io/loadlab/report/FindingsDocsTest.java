package io.loadlab.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.loadlab.core.UserError;
import io.loadlab.report.FindingsDocs.Page;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The findings pages' tables are the checked-in runs' figures: regenerated in memory, they equal the pages. */
class FindingsDocsTest {
    static final Path DOCS = Path.of("..", "docs");

    @Test
    void everyGeneratedTableMatchesItsResultsJson() {
        List<Page> pages = FindingsDocs.regenerate(DOCS);
        assertThat(pages).extracting(p -> p.file().getFileName().toString()).contains("findings.md");
        for (Page p : pages) {
            assertThat(p.current())
                    .as("%s differs from its results.json: run tools/findings.sh --tables-only", p.file())
                    .isEqualTo(p.regenerated());
        }
    }

    @Test
    void everySeedSuiteHasGeneratedTables() {
        List<Page> pages = FindingsDocs.regenerate(DOCS);
        String all = String.join("\n", pages.stream().map(Page::current).toList());
        String main = pages.stream()
                .filter(p -> p.file().getFileName().toString().equals("findings.md"))
                .findFirst()
                .orElseThrow()
                .current();
        for (String suite : List.of("spring-async-servlet", "reactive-crud", "c10k-backend", "rxjava-servers")) {
            assertThat(main).contains("<!-- table:" + suite + ":trials -->");
            assertThat(all).contains("<!-- table:" + suite + ":summary -->");
        }
    }

    @Test
    void aChangedFigureIsCaughtAndTheProseIsKept(@TempDir Path tmp) throws IOException {
        Path docs = copy(tmp);
        Path page = docs.resolve("findings/rxjava-servers.md");
        String text = Files.readString(page);
        // the first figure with a thousands separator in a table of the page, changed by a digit put in front of it
        Matcher figure = Pattern.compile("\\| (\\d{1,3}(?:,\\d{3})+) \\|").matcher(text);
        assertThat(figure.find()).as("a figure in a table of " + page).isTrue();
        String edited = text.substring(0, figure.start(1)) + "1" + text.substring(figure.start(1));
        Files.writeString(page, "Hand-written prose.\n" + edited);
        Page p = FindingsDocs.regenerate(docs).stream()
                .filter(x -> x.file().equals(page))
                .findFirst()
                .orElseThrow();
        assertThat(p.stale()).isTrue();
        assertThat(p.regenerated()).startsWith("Hand-written prose.\n").isEqualTo("Hand-written prose.\n" + text);
        FindingsDocs.write(docs);
        assertThat(FindingsDocs.regenerate(docs)).noneMatch(Page::stale);
    }

    @Test
    void aRegionNamingAMissingRunOrTableIsOneLine(@TempDir Path tmp) throws IOException {
        Path docs = copy(tmp);
        Files.writeString(docs.resolve("findings.md"), "<!-- table:no-such-suite:summary -->\n<!-- /table -->\n");
        assertThatThrownBy(() -> FindingsDocs.regenerate(docs))
                .isInstanceOf(UserError.class)
                .hasMessageContaining("no run of no-such-suite");
        Files.writeString(docs.resolve("findings.md"), "<!-- table:rxjava-servers:charts -->\n<!-- /table -->\n");
        assertThatThrownBy(() -> FindingsDocs.regenerate(docs))
                .isInstanceOf(UserError.class)
                .hasMessageContaining("no findings table named 'charts'");
        Files.writeString(
                docs.resolve("findings.md"), "<!-- table:rxjava-servers,rxjava-servers:summary -->\n<!-- /table -->\n");
        assertThatThrownBy(() -> FindingsDocs.regenerate(docs))
                .isInstanceOf(UserError.class)
                .hasMessageContaining("takes one run, not 2");
    }

    /** findings.md, the rxjava page and its run: enough of docs/ to regenerate one page. */
    private static Path copy(Path tmp) throws IOException {
        Path run;
        try (Stream<Path> dirs = Files.list(DOCS.resolve("findings"))) {
            run = dirs.filter(d -> d.getFileName().toString().matches("rxjava-servers-\\d{8}-\\d{6}"))
                    .findFirst()
                    .orElseThrow();
        }
        Path docs = tmp.resolve("docs");
        Path runCopy = Files.createDirectories(docs.resolve("findings").resolve(run.getFileName()));
        Files.copy(run.resolve("results.json"), runCopy.resolve("results.json"));
        Files.copy(DOCS.resolve("findings/rxjava-servers.md"), docs.resolve("findings/rxjava-servers.md"));
        Files.writeString(docs.resolve("findings.md"), "# findings\n");
        return docs;
    }
}
