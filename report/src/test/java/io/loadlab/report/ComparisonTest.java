package io.loadlab.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.loadlab.core.result.SuiteResults;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class ComparisonTest {
    private final Comparison c = Comparison.compare(Fixtures.results("run-a"), Fixtures.results("run-b"));
    private final Map<String, ComparisonRow> rows =
            c.rows().stream().collect(Collectors.toMap(r -> r.key().label(), Function.identity()));

    private ComparisonRow row(String model, String scenario, String load) {
        return rows.values().stream()
                .filter(r -> r.key().model().equals(model)
                        && r.key().scenario().equals(scenario)
                        && r.key().load().label().equals(load))
                .findFirst()
                .orElseThrow();
    }

    @Test
    void clearlyFasterSlowerAndTheSame() {
        ComparisonRow netty = row("netty", "delay", "1000 conn");
        assertThat(netty.throughput().word()).isEqualTo(Change.FASTER);
        assertThat(netty.throughput().relative()).isGreaterThan(0.2);
        assertThat(netty.p99().word()).isEqualTo(Change.FASTER);
        assertThat(netty.throughput().p()).isLessThan(0.05);

        ComparisonRow virtual = row("virtual-threads", "delay", "1000 conn");
        assertThat(virtual.throughput().word()).isEqualTo(Change.SLOWER);
        assertThat(virtual.p99().word()).isEqualTo(Change.SLOWER);

        ComparisonRow pool = row("thread-pool", "delay", "1000 conn");
        assertThat(pool.throughput().word()).isEqualTo(Change.SAME);
        assertThat(pool.throughput().p()).isGreaterThan(0.05);
        assertThat(row("servlet-async", "mixed", "1000 req/s").verdict()).isEqualTo(Change.SAME);
    }

    @Test
    void unmatchedTrialsAreListedNotCompared() {
        assertThat(c.onlyInA()).extracting(GroupKey::model).contains("thread-per-connection", "single-thread", "vertx");
        assertThat(c.onlyInB()).isEmpty();
        assertThat(c.rows()).hasSize(11);
    }

    @Test
    void singleRunsSaySignificanceIsUnknown() {
        SuiteResults a = Fixtures.results("run-a");
        Comparison self = Comparison.compare(a, a);
        ComparisonRow tpc = self.rows().stream()
                .filter(r -> r.key().model().equals("thread-per-connection")
                        && r.key().load().connections() == 100)
                .findFirst()
                .orElseThrow();
        assertThat(tpc.throughput().word()).isEqualTo(Change.UNKNOWN);
        assertThat(tpc.throughput().p()).isNull();
        ComparisonRow broken = self.rows().stream()
                .filter(r -> r.key().model().equals("single-thread")
                        && r.key().scenario().equals("crud"))
                .findFirst()
                .orElseThrow();
        assertThat(broken.verdict()).isEqualTo("not comparable");
        assertThat(broken.note()).contains("APP_BROKEN");
        String text = ComparisonText.render(self, TableFormat.TEXT);
        String row = text.lines()
                .filter(l -> l.startsWith("single-thread ") && l.contains("crud"))
                .findFirst()
                .orElseThrow();
        // the row stays one table row wide; the reason is a footnote under the table
        assertThat(row).contains("not comparable [").doesNotContain("APP_BROKEN");
        assertThat(text).contains("\nnot comparable:\n").containsPattern("\\[\\d+] .*APP_BROKEN");
    }

    @Test
    void rendersAsTextMarkdownAndHtml() {
        String text = ComparisonText.render(c, TableFormat.TEXT);
        assertThat(text).contains("faster", "slower", "no significant difference", "only in A (not compared)");
        assertThat(text.lines().filter(l -> l.startsWith("netty ")).toList())
                .anySatisfy(l -> assertThat(l).contains("1000 conn").endsWith("faster"));
        assertThat(ComparisonText.render(c, TableFormat.MARKDOWN)).contains("| model | scenario |", "|---|");
        assertThat(ComparisonHtml.render(c)).contains("<td class=\"faster\">faster</td>", "Only in A");
    }
}
