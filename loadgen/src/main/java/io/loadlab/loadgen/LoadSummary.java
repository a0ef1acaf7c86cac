package io.loadlab.loadgen;

import io.loadlab.core.result.ConnectionFairness;
import io.loadlab.core.result.ErrorCategory;
import io.loadlab.core.result.ErrorCounts;
import io.loadlab.core.result.IntervalStats;
import io.loadlab.core.result.LatencyStats;
import io.loadlab.core.result.LoadReport;
import io.loadlab.core.result.RequestStats;
import io.loadlab.core.result.Unfinished;
import io.loadlab.transport.NettyTransport;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.AbstractHistogram;

/**
 * The human summary of a run, shaped like wrk's so that wrk users read it at a glance: thread stats, the latency
 * distribution (with {@code --latency}), requests and bytes, socket errors, non-2xx/3xx responses, Requests/sec and
 * Transfer/sec; for the open model also the uncorrected service time and the target vs achieved rate.
 */
public final class LoadSummary {
    private LoadSummary() {}

    /** wrk's first lines, with the transport that runs and, when it is not the one asked for, why. */
    public static String header(LoadSpec spec, NettyTransport.Choice transport) {
        StringBuilder b = new StringBuilder();
        b.append("Running ")
                .append(spec.duration())
                .append(" test @ ")
                .append(spec.target().origin());
        b.append(
                spec.scenarioName() != null
                        ? " (scenario " + spec.scenarioName() + ")"
                        : spec.requests().get(0).path());
        b.append('\n');
        b.append("  ").append(spec.threads()).append(spec.threads() == 1 ? " thread and " : " threads and ");
        b.append(spec.connections()).append(" connections");
        if (spec.open()) {
            b.append(" (open model, target ")
                    .append(spec.rate())
                    .append(", up to ")
                    .append(spec.maxConnections())
                    .append(" connections");
        } else {
            b.append(" (closed model");
        }
        if (spec.http2()) {
            b.append(", ")
                    .append(spec.protocol())
                    .append(" with up to ")
                    .append(spec.maxStreams())
                    .append(spec.maxStreams() == 1 ? " stream" : " streams")
                    .append(" per connection");
        }
        b.append(", ").append(transport.runs());
        if (spec.warmup().nanos() > 0) {
            b.append(", warm-up ").append(spec.warmup());
        }
        b.append(")\n");
        if (transport.note() != null) {
            b.append("  note: ").append(transport.note()).append('\n');
        }
        return b.toString();
    }

    public static String format(LoadResult result, boolean spectrum) {
        LoadReport r = result.report();
        StringBuilder b = new StringBuilder();
        b.append("  Thread Stats   Avg      Stdev     Max\n");
        line(b, r.latencyMs(), "Latency");
        if (r.serviceTimeMs() != null) {
            line(b, r.serviceTimeMs(), "Service");
        }
        reqPerSec(b, r);
        if (spectrum) {
            b.append("  Latency Distribution")
                    .append(r.serviceTimeMs() != null ? " (from the intended send time)" : "")
                    .append('\n');
            distribution(b, r.latencyMs());
            if (r.serviceTimeMs() != null) {
                b.append("  Uncorrected Latency (service time, from the actual send)\n");
                distribution(b, r.serviceTimeMs());
            }
            b.append("\n  Detailed Percentile spectrum:\n");
            b.append(spectrum(result.latency()));
        }
        if (r.perRequest().size() > 1) {
            boolean byConnection =
                    LoadSpec.Assign.PER_CONNECTION.id().equals(r.run().assign());
            b.append(String.format(
                    Locale.ROOT,
                    "  %-16s %10s %10s %10s %10s %8s %8s  %s%n",
                    "Request",
                    "Count",
                    "Req/s",
                    "p50",
                    "p99",
                    "Errors",
                    "Share",
                    byConnection ? "(of connections)" : "(planned)"));
            for (Map.Entry<String, RequestStats> e : r.perRequest().entrySet()) {
                RequestStats s = e.getValue();
                b.append(String.format(
                        Locale.ROOT,
                        "  %-16s %10d %10.1f %10s %10s %8d %7.1f%%  (%.1f%%)%n",
                        e.getKey(),
                        s.requests(),
                        s.throughputRps(),
                        ms(s.latencyMs().p50()),
                        ms(s.latencyMs().p99()),
                        s.errors().total(),
                        s.share().realized() * 100,
                        s.share().planned() * 100));
                if (s.wraps() != null && s.wraps() > 0) {
                    b.append(String.format(
                            Locale.ROOT,
                            "  %-16s %d requests reused a unique key: its range ran out%n",
                            "",
                            s.wraps()));
                }
            }
        }
        b.append(String.format(
                Locale.ROOT,
                "  %d requests in %.2fs, %s read%n",
                r.requests(),
                r.run().durationS(),
                bytes(r.throughput().bytesRead())));
        ErrorCounts e = r.errors();
        long socket = e.get(ErrorCategory.CONNECT)
                + e.get(ErrorCategory.READ)
                + e.get(ErrorCategory.RESET)
                + e.get(ErrorCategory.WRITE)
                + e.get(ErrorCategory.TIMEOUT);
        if (socket > 0) {
            b.append(String.format(
                    Locale.ROOT,
                    "  Socket errors: connect %d, read %d, reset %d, write %d, timeout %d%n",
                    e.get(ErrorCategory.CONNECT),
                    e.get(ErrorCategory.READ),
                    e.get(ErrorCategory.RESET),
                    e.get(ErrorCategory.WRITE),
                    e.get(ErrorCategory.TIMEOUT)));
        }
        long invalid = e.unanswered() - socket;
        if (invalid > 0) {
            StringBuilder kinds = new StringBuilder();
            for (ErrorCategory c : ErrorCategory.values()) {
                long n = e.get(c);
                if (n > 0 && c.unanswered() && !isSocket(c)) {
                    kinds.append(kinds.isEmpty() ? "" : ", ")
                            .append(c.label())
                            .append(' ')
                            .append(n);
                }
            }
            b.append("  Invalid responses: ")
                    .append(invalid)
                    .append(" (")
                    .append(kinds)
                    .append(")\n");
        }
        if (r.retries() != null) {
            b.append(String.format(
                    Locale.ROOT,
                    "  Retries: %d failed attempts retried (up to %d per request, backoff from %s with jitter);"
                            + " goodput %.2f requests/sec%n",
                    r.retries().count(),
                    r.retries().max(),
                    ms(r.retries().backoffMs()),
                    r.goodput() == null ? 0 : r.goodput().rps()));
        }
        Unfinished u = r.unfinished();
        if (u != null && u.count() > 0) {
            b.append(String.format(
                    Locale.ROOT,
                    "  Unfinished: %d requests unanswered when the window closed (oldest %s), in the latency at their"
                            + " age%n",
                    u.count(),
                    ms(u.oldestAgeMs())));
        }
        ConnectionFairness f = r.connections().fairness();
        if (f != null && f.connections() > 0) {
            b.append(String.format(
                    Locale.ROOT,
                    "  Per connection: %d connections completed min %d, median %s, max %d responses%s%n",
                    f.connections(),
                    f.min(),
                    f.median() == Math.rint(f.median())
                            ? Long.toString((long) f.median())
                            : String.format(Locale.ROOT, "%.1f", f.median()),
                    f.max(),
                    f.completedNone() > 0 ? "; " + f.completedNone() + " completed none" : ""));
        }
        long non23 = r.statusCodes().entrySet().stream()
                .filter(x -> !x.getKey().startsWith("2") && !x.getKey().startsWith("3"))
                .mapToLong(Map.Entry::getValue)
                .sum();
        if (non23 > 0) {
            b.append("  Non-2xx or 3xx responses: ")
                    .append(non23)
                    .append(' ')
                    .append(r.statusCodes())
                    .append('\n');
        }
        if (e.get(ErrorCategory.STATUS) > 0) {
            b.append("  Unexpected status: ")
                    .append(e.get(ErrorCategory.STATUS))
                    .append('\n');
        }
        if (r.run().targetRps() != null) {
            b.append(String.format(
                    Locale.ROOT,
                    "  Target rate: %.1f req/s, achieved %.1f req/s (%.1f%%); delayed (no free connection): %d;"
                            + " connections opened: %d%n",
                    r.run().targetRps(),
                    r.throughput().rps(),
                    100 * r.throughput().rps() / r.run().targetRps(),
                    r.connections().delayedRequests(),
                    r.connections().maxOpened()));
        }
        if (result.cpuSeconds() >= 0 && r.requests() > 0) {
            b.append(String.format(
                    Locale.ROOT,
                    "  Load generator CPU: %.2f s in the measured window, %.2f us per request%n",
                    result.cpuSeconds(),
                    result.cpuMicrosPerRequest()));
        }
        b.append(String.format(
                Locale.ROOT, "Requests/sec: %10.2f%n", r.throughput().rps()));
        b.append(String.format(Locale.ROOT, "Transfer/sec: %10s%n", bytes((long)
                (r.throughput().bytesRead() / r.run().durationS()))));
        return b.toString();
    }

    private static boolean isSocket(ErrorCategory c) {
        return switch (c) {
            case CONNECT, READ, RESET, WRITE, TIMEOUT -> true;
            default -> false;
        };
    }

    /** The live line: seconds, req/s, p99 and errors of the interval that just ended. */
    public static String progress(IntervalStats s) {
        return String.format(
                Locale.ROOT,
                "  %5.1fs  %10.1f req/s  p99 %9s  errors %d",
                s.tS(),
                s.throughputRps(),
                ms(s.p99Ms()),
                s.errors());
    }

    private static void line(StringBuilder b, LatencyStats s, String label) {
        b.append(String.format(Locale.ROOT, "    %-9s%9s %9s %9s%n", label, ms(s.mean()), ms(s.stdev()), ms(s.max())));
    }

    private static void reqPerSec(StringBuilder b, LoadReport r) {
        int n = 0;
        double sum = 0;
        double sq = 0;
        double max = 0;
        for (IntervalStats i : r.intervals()) {
            double v = i.throughputRps() / r.run().threads();
            n++;
            sum += v;
            sq += v * v;
            max = Math.max(max, v);
        }
        double mean = n == 0 ? 0 : sum / n;
        double sd = n == 0 ? 0 : Math.sqrt(Math.max(0, sq / n - mean * mean));
        b.append(String.format(Locale.ROOT, "    %-9s%9s %9s %9s%n", "Req/Sec", count(mean), count(sd), count(max)));
    }

    private static void distribution(StringBuilder b, LatencyStats s) {
        String[] labels = {"50%", "75%", "90%", "99%", "99.9%", "99.99%", "100%"};
        double[] v = {s.p50(), s.p75(), s.p90(), s.p99(), s.p999(), s.p9999(), s.max()};
        for (int i = 0; i < v.length; i++) {
            b.append(String.format(Locale.ROOT, "  %7s %9s%n", labels[i], ms(v[i])));
        }
    }

    private static String spectrum(AbstractHistogram h) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (PrintStream p = new PrintStream(out, true, StandardCharsets.UTF_8)) {
            h.outputPercentileDistribution(p, 5, 1000.0);
        }
        return out.toString(StandardCharsets.UTF_8).replace("Value", "Value(ms)");
    }

    /** wrk's units: us below 1 ms, ms below 1 s, s above. */
    static String ms(double ms) {
        if (ms < 1) {
            return String.format(Locale.ROOT, "%.2fus", ms * 1000);
        }
        if (ms < 1000) {
            return String.format(Locale.ROOT, "%.2fms", ms);
        }
        return String.format(Locale.ROOT, "%.2fs", ms / 1000);
    }

    static String bytes(long n) {
        if (n < 1024) {
            return n + "B";
        }
        if (n < 1024 * 1024) {
            return String.format(Locale.ROOT, "%.2fKB", n / 1024.0);
        }
        if (n < 1024L * 1024 * 1024) {
            return String.format(Locale.ROOT, "%.2fMB", n / (1024.0 * 1024));
        }
        return String.format(Locale.ROOT, "%.2fGB", n / (1024.0 * 1024 * 1024));
    }

    private static String count(double v) {
        return v >= 1000 ? String.format(Locale.ROOT, "%.2fk", v / 1000) : String.format(Locale.ROOT, "%.2f", v);
    }
}
