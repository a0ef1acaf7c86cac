package io.loadlab.report;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** A table drawn as aligned columns (numbers right-aligned) or as Markdown. Not thread-safe. */
final class TextTable {
    private final List<String> header;
    private final String alignment;
    private final List<List<String>> rows = new ArrayList<>();

    /**
     * @param alignment one letter per column, {@code l} or {@code r}: e.g. {@code "llrr"} for two text columns then two
     *     numbers
     */
    TextTable(String alignment, List<String> header) {
        this.header = header;
        this.alignment = alignment;
    }

    /** A table without a header row (one is still drawn in Markdown, empty). */
    TextTable(String alignment) {
        this(alignment, Collections.nCopies(alignment.length(), ""));
    }

    void add(List<String> row) {
        rows.add(row);
    }

    String render(TableFormat format) {
        return format == TableFormat.MARKDOWN ? markdown() : text();
    }

    private String text() {
        int[] widths = new int[header.size()];
        for (List<String> r : allRows()) {
            for (int i = 0; i < r.size(); i++) {
                widths[i] = Math.max(widths[i], r.get(i).length());
            }
        }
        StringBuilder out = new StringBuilder();
        for (List<String> r : allRows()) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < r.size(); i++) {
                String cell = r.get(i);
                String pad = " ".repeat(widths[i] - cell.length());
                line.append(right(i) ? pad + cell : cell + pad);
                if (i < r.size() - 1) {
                    line.append("  ");
                }
            }
            out.append(line.toString().stripTrailing()).append('\n');
        }
        return out.toString();
    }

    private String markdown() {
        StringBuilder out = new StringBuilder();
        out.append("| ").append(String.join(" | ", header)).append(" |\n|");
        for (int i = 0; i < header.size(); i++) {
            out.append(right(i) ? "---:|" : "---|");
        }
        out.append('\n');
        for (List<String> r : rows) {
            out.append("| ");
            out.append(String.join(
                    " | ", r.stream().map(c -> c.replace("|", "\\|")).toList()));
            out.append(" |\n");
        }
        return out.toString();
    }

    private List<List<String>> allRows() {
        List<List<String>> all = new ArrayList<>();
        all.add(header);
        all.addAll(rows);
        return all;
    }

    private boolean right(int column) {
        return column < alignment.length() && alignment.charAt(column) == 'r';
    }
}
