package io.loadlab.report;

import static io.loadlab.report.Html.esc;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A small line chart drawn as inline SVG: linear axes from 0, a few series of (x, y) points, dashed horizontal
 * references and one vertical mark. Values above the y range are drawn at its top. Drawn in Java so that the chart
 * needs no script and reads the same in any browser, printed or offline. Not thread-safe; one chart per instance.
 */
final class SvgChart {
    private static final int W = 520;
    private static final int H = 260;
    private static final int LEFT = 56;
    private static final int RIGHT = 16;
    private static final int TOP = 24;
    private static final int BOTTOM = 40;
    private static final int TICKS = 5;

    record Series(String name, String color, List<double[]> points) {}

    private final String xLabel;
    private final String yLabel;
    private final double xMax;
    private final double yMax;
    private final List<Series> series = new ArrayList<>();
    private final List<String> marks = new ArrayList<>();

    SvgChart(String xLabel, String yLabel, double xMax, double yMax) {
        this.xLabel = xLabel;
        this.yLabel = yLabel;
        this.xMax = xMax > 0 ? xMax : 1;
        this.yMax = yMax > 0 ? yMax : 1;
    }

    SvgChart series(String name, String color, List<double[]> points) {
        series.add(new Series(name, color, points));
        return this;
    }

    /** A dashed horizontal line at {@code y}, labelled. */
    SvgChart horizontal(double y, String label) {
        double py = y(Math.min(y, yMax));
        marks.add(String.format(
                Locale.ROOT,
                "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#888\" stroke-dasharray=\"5 4\"/>"
                        + "<text x=\"%d\" y=\"%.1f\" font-size=\"11\" fill=\"#555\" text-anchor=\"end\">%s</text>",
                LEFT,
                py,
                W - RIGHT,
                py,
                W - RIGHT - 2,
                py - 4,
                esc(label)));
        return this;
    }

    /** A shaded band from {@code x0} to {@code x1}, labelled: a trigger window. */
    SvgChart band(double x0, double x1, String label) {
        marks.add(String.format(
                Locale.ROOT,
                "<rect class=\"band\" x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"%d\" fill=\"#f5b7b1\""
                        + " fill-opacity=\"0.5\"/><text x=\"%.1f\" y=\"%d\" font-size=\"11\" fill=\"#922b21\">%s</text>",
                x(x0),
                TOP,
                Math.max(1, x(x1) - x(x0)),
                H - BOTTOM - TOP,
                x(x0) + 3,
                TOP + 12,
                esc(label)));
        return this;
    }

    /** A solid vertical line at {@code x}, labelled: the knee. */
    SvgChart vertical(double x, String label) {
        double px = x(x);
        marks.add(String.format(
                Locale.ROOT,
                "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#c0392b\" stroke-width=\"1.5\"/>"
                        + "<text x=\"%.1f\" y=\"%d\" font-size=\"11\" fill=\"#c0392b\">%s</text>",
                px,
                TOP,
                px,
                H - BOTTOM,
                px + 4,
                TOP + 12,
                esc(label)));
        return this;
    }

    String svg(String title) {
        StringBuilder s = new StringBuilder();
        s.append(String.format(
                Locale.ROOT,
                "<svg class=\"knee\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 %d %d\" width=\"%d\""
                        + " height=\"%d\" role=\"img\"><title>%s</title>",
                W,
                H,
                W,
                H,
                esc(title)));
        for (int i = 0; i <= TICKS; i++) {
            double xv = xMax * i / TICKS;
            double yv = yMax * i / TICKS;
            s.append(String.format(
                    Locale.ROOT,
                    "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#eee\"/>"
                            + "<text x=\"%d\" y=\"%.1f\" font-size=\"10\" text-anchor=\"end\">%s</text>"
                            + "<text x=\"%.1f\" y=\"%d\" font-size=\"10\" text-anchor=\"middle\">%s</text>",
                    LEFT,
                    y(yv),
                    W - RIGHT,
                    y(yv),
                    LEFT - 4,
                    y(yv) + 3,
                    esc(Numbers.rps(yv)),
                    x(xv),
                    H - BOTTOM + 14,
                    esc(Numbers.rps(xv))));
        }
        s.append(String.format(
                Locale.ROOT,
                "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#333\"/>"
                        + "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#333\"/>"
                        + "<text x=\"%d\" y=\"%d\" font-size=\"11\" text-anchor=\"middle\">%s</text>"
                        + "<text x=\"12\" y=\"%d\" font-size=\"11\" transform=\"rotate(-90 12 %d)\""
                        + " text-anchor=\"middle\">%s</text>",
                LEFT,
                H - BOTTOM,
                W - RIGHT,
                H - BOTTOM,
                LEFT,
                TOP,
                LEFT,
                H - BOTTOM,
                (LEFT + W - RIGHT) / 2,
                H - 8,
                esc(xLabel),
                (TOP + H - BOTTOM) / 2,
                (TOP + H - BOTTOM) / 2,
                esc(yLabel)));
        marks.forEach(s::append);
        int legend = LEFT + 8;
        for (Series se : series) {
            StringBuilder path = new StringBuilder();
            for (double[] p : se.points()) {
                path.append(path.isEmpty() ? "" : " ")
                        .append(String.format(Locale.ROOT, "%.1f,%.1f", x(p[0]), y(Math.min(p[1], yMax))));
                s.append(String.format(
                        Locale.ROOT,
                        "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\" fill=\"%s\"/>",
                        x(p[0]),
                        y(Math.min(p[1], yMax)),
                        se.color()));
            }
            s.append("<polyline fill=\"none\" stroke-width=\"2\" stroke=\"")
                    .append(se.color())
                    .append("\" points=\"")
                    .append(path)
                    .append("\"/>");
            s.append(String.format(
                    Locale.ROOT,
                    "<rect x=\"%d\" y=\"6\" width=\"10\" height=\"10\" fill=\"%s\"/>"
                            + "<text x=\"%d\" y=\"15\" font-size=\"11\">%s</text>",
                    legend,
                    se.color(),
                    legend + 14,
                    esc(se.name())));
            legend += 24 + 7 * se.name().length();
        }
        return s.append("</svg>").toString();
    }

    private double x(double v) {
        return LEFT + (W - LEFT - RIGHT) * v / xMax;
    }

    private double y(double v) {
        return H - BOTTOM - (H - TOP - BOTTOM) * v / yMax;
    }
}
