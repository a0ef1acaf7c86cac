package io.loadlab.report;

import io.loadlab.report.stats.SampleStats;
import java.util.Locale;

/** Number formatting shared by every rendering, in one locale so that reports read the same everywhere. */
final class Numbers {
    static final String DASH = "—";

    private Numbers() {}

    static String rps(double v) {
        if (Double.isNaN(v)) {
            return DASH;
        }
        return v >= 100 ? String.format(Locale.ROOT, "%,.0f", v) : String.format(Locale.ROOT, "%.1f", v);
    }

    /** Mean, with ± the confidence half-width when there were repetitions. */
    static String rps(SampleStats s) {
        if (s.n() == 0) {
            return DASH;
        }
        return s.repeated() ? rps(s.mean()) + " ± " + rps(s.ciHalfWidth()) : rps(s.mean());
    }

    static String ms(double v) {
        if (Double.isNaN(v)) {
            return DASH;
        }
        if (v >= 1000) {
            return String.format(Locale.ROOT, "%,.0f", v);
        }
        return v >= 10 ? String.format(Locale.ROOT, "%.1f", v) : String.format(Locale.ROOT, "%.2f", v);
    }

    /** A duration in microseconds, e.g. CPU time per request: "245 µs". */
    static String micros(double v) {
        return Double.isNaN(v) ? DASH : String.format(Locale.ROOT, v >= 10 ? "%,.0f µs" : "%.1f µs", v);
    }

    static String count(long v) {
        return String.format(Locale.ROOT, "%,d", v);
    }

    static String percent(double fraction) {
        return String.format(Locale.ROOT, "%+.1f%%", fraction * 100);
    }

    static String mib(long bytes) {
        return String.format(Locale.ROOT, "%,.0f MiB", bytes / 1048576.0);
    }

    static String p(double p) {
        return p < 0.001 ? "p < 0.001" : String.format(Locale.ROOT, "p = %.3f", p);
    }
}
