package io.loadlab.report;

import java.util.List;

/** {@link Comparison} as an aligned text table or Markdown, with the unmatched trials listed below. */
public final class ComparisonText {
    private ComparisonText() {}

    public static String render(Comparison c, Format format) {
        TextTable table = new TextTable(
                List.of(
                        "model",
                        "scenario",
                        "load",
                        "req/s A",
                        "req/s B",
                        "Δ req/s",
                        "p99 A",
                        "p99 B",
                        "Δ p99",
                        "B is"),
                false,
                false,
                true,
                true,
                true,
                true,
                true,
                true,
                true,
                false);
        for (ComparisonRow r : c.rows()) {
            boolean ok = r.throughput() != null;
            table.add(List.of(
                    r.key().model(),
                    r.key().scenario(),
                    r.key().load() == null ? "?" : r.key().load().label(),
                    ok ? Fmt.rps(r.a().throughput()) : Fmt.DASH,
                    ok ? Fmt.rps(r.b().throughput()) : Fmt.DASH,
                    ok ? r.throughput().detail() : Fmt.DASH,
                    ok ? Fmt.ms(r.a().p99().mean()) : Fmt.DASH,
                    ok ? Fmt.ms(r.b().p99().mean()) : Fmt.DASH,
                    ok ? r.p99().detail() + " " + r.p99().word() : Fmt.DASH,
                    ok ? r.throughput().word() : "not comparable: " + r.note()));
        }
        StringBuilder out = new StringBuilder();
        String title = "A = " + c.nameA() + ", B = " + c.nameB();
        out.append(format == Format.MARKDOWN ? "### " + title + "\n\n" : title + "\n");
        out.append(table.render(format));
        unmatched(out, "only in A", c.onlyInA());
        unmatched(out, "only in B", c.onlyInB());
        return out.toString();
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
