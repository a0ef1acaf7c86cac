package io.loadlab.report;

import io.loadlab.core.result.VerdictDefaults;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** {@link Comparison} as an aligned text table or Markdown, with the unmatched trials listed below. */
public final class ComparisonText {
    private ComparisonText() {}

    public static String render(Comparison c, TableFormat format) {
        TextTable table = new TextTable(
                "llrrrrlrrrl",
                List.of(
                        "model",
                        "scenario",
                        "load",
                        "req/s A",
                        "req/s B",
                        "Δ req/s",
                        "throughput of B",
                        "p99 A",
                        "p99 B",
                        "Δ p99",
                        "p99 of B"));
        List<String> notes = new ArrayList<>();
        for (ComparisonRow r : c.rows()) {
            boolean ok = r.throughput() != null;
            String load = r.key().load() == null ? "?" : r.key().load().label();
            if (!ok) {
                table.add(List.of(
                        r.key().model(),
                        r.key().scenario(),
                        load,
                        Numbers.DASH,
                        Numbers.DASH,
                        Numbers.DASH,
                        "not comparable [" + footnote(notes, r.note()) + "]",
                        Numbers.DASH,
                        Numbers.DASH,
                        Numbers.DASH,
                        ""));
                continue;
            }
            table.add(List.of(
                    r.key().model(),
                    r.key().scenario(),
                    load,
                    Numbers.rps(r.a().throughput()),
                    Numbers.rps(r.b().throughput()),
                    r.throughput().detail(),
                    r.throughput().word(),
                    Numbers.ms(r.a().p99().mean()),
                    Numbers.ms(r.b().p99().mean()),
                    r.p99().detail(),
                    r.p99().word()));
        }
        StringBuilder out = new StringBuilder();
        String title = "A = " + c.nameA() + ", B = " + c.nameB() + " (faster: B is better; Welch's t-test at "
                + String.format(Locale.ROOT, "%.0f%%", VerdictDefaults.CONFIDENCE * 100) + ")";
        out.append(format == TableFormat.MARKDOWN ? "### " + title + "\n\n" : title + "\n");
        out.append(table.render(format));
        if (!notes.isEmpty()) {
            out.append(format == TableFormat.MARKDOWN ? "\n" : "").append("\nnot comparable:\n");
            for (int i = 0; i < notes.size(); i++) {
                out.append(format == TableFormat.MARKDOWN ? "- " : "  ")
                        .append('[')
                        .append(i + 1)
                        .append("] ")
                        .append(notes.get(i))
                        .append('\n');
            }
        }
        unmatched(out, "only in A", c.onlyInA());
        unmatched(out, "only in B", c.onlyInB());
        return out.toString();
    }

    /** The number of {@code note} among the footnotes, added when new: trials that fail alike share one. */
    private static int footnote(List<String> notes, String note) {
        int i = notes.indexOf(note);
        if (i < 0) {
            notes.add(note);
            i = notes.size() - 1;
        }
        return i + 1;
    }

    private static void unmatched(StringBuilder out, String title, List<GroupKey> keys) {
        if (keys.isEmpty()) {
            return;
        }
        out.append('\n').append(title).append(" (not compared):\n");
        for (GroupKey k : keys) {
            out.append("  ").append(k.label()).append('\n');
        }
    }
}
