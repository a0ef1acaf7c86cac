package io.loadlab.lab.verdict;

import io.loadlab.core.result.GcPauses;
import io.loadlab.core.result.IntervalStats;
import io.loadlab.core.result.MachineSample;
import io.loadlab.core.result.ProcessSample;
import io.loadlab.core.result.ProcessSeries;
import io.loadlab.core.result.Verdict;
import io.loadlab.core.result.VerdictCode;
import io.loadlab.core.result.VerdictDefaults;
import io.loadlab.lab.sample.JitWatch;
import io.loadlab.lab.spec.Thresholds;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.DoubleStream;
import org.HdrHistogram.Histogram;

/**
 * NOT_STEADY: the per-second throughput varied (coefficient of variation) beyond {@code steady}, or the p99 of the
 * window's first half differs from its second half's beyond it. Each half's p99 is the p99 of its per-second
 * histograms merged — a percentile of the responses, never an average of percentiles. The last interval is left out
 * when it is a partial one. A p99 drift under {@link #P99_SLACK_MS} is ignored: sub-millisecond p99s jitter by more
 * than 15% on any shared machine. Where the server's JIT compiled inside the window (its compiler threads used
 * {@link JitWatch#QUIET_CORES} of a core or more in a second), the reason says when and what it cost: the warm-up
 * ended before the JVM's steady state, often because the load reached code the warm-up had not run (at 10,000
 * connections netty's backend pool opened connections past its warm-up peak, and C2 recompiled its hot path for a
 * second or two). And where the warm-up's limit passed with the JIT still busy and it went on compiling through the
 * window (a tenth of a core or more in at least half its seconds, {@link VerdictDefaults#JIT_SHARE} of the server's
 * CPU or more), the trial is NOT_STEADY however steady its throughput: a model capped by its threads serves the same
 * rate while compiling, but its CPU per request counts the compiler's, and a faster JVM would spend less. At 10,000
 * connections through the 50 ms backend servlet-sync's compiler used 0.2–0.4 of its core in every second of the window
 * after a 30 s warm-up, 24–33% of the server's CPU, while its throughput sat at its 198 threads' cap. The reasons also
 * give the garbage-collection pauses of the server and the load generator in the window ({@link GcPauses}, from each
 * JVM's log); where the server's longest second of pauses fell in the half with the higher p99 and is at least half
 * the p99's move, the pause explains the move, and the advice is a longer window, not a longer warm-up: a collector
 * pauses every so often whatever the warm-up (the quick suite's virtual-threads at 1,000 connections through the
 * 100 ms backend made one young collection of 37–39 ms in the fourth second of its 5 s window, three runs in a row,
 * and that second's p99 was 130–135 ms against 102–122 ms in the others) — unless it was the JVM's first collection
 * (its log holds none before the window), which a longer warm-up moves out of the window (the warm-up waits for it
 * where the server's eden would fill before the limit, {@link io.loadlab.lab.sample.GcWatch}): a JVM's first collections
 * under load copy what its start-up left (netty's first two at 1,000 backend connections took 84 and 23 ms, its
 * later ones 1.5–2 ms).
 */
final class SteadinessCheck {
    static final double P99_SLACK_MS = 1.0;

    private SteadinessCheck() {}

    static Optional<Verdict> check(Evidence e, Thresholds t) {
        if (e.load() == null || e.load().intervals() == null) {
            return Optional.empty();
        }
        List<IntervalStats> iv = full(e.load().intervals(), e.load().run().durationS());
        if (iv.size() < 3) {
            return Optional.empty();
        }
        double cv = cv(iv);
        if (cv > t.steady()) {
            return Optional.of(new Verdict(
                    VerdictCode.NOT_STEADY,
                    String.format(
                            Locale.ROOT,
                            "throughput varied by %.0f%% (coefficient of variation) across %d seconds (limit %.0f%%):"
                                    + " lengthen warmup or duration, or look for GC pauses and other load on the"
                                    + " host%s%s%s",
                            cv * 100,
                            iv.size(),
                            t.steady() * 100,
                            said(paused(e, "server", iv), "the server") + filling(e, iv),
                            said(paused(e, "loadgen", iv), "the load generator"),
                            jit(e, iv))));
        }
        return p99Drift(e, t, iv).or(() -> stillCompiling(e, iv)).or(() -> stillFilling(e, iv));
    }

    /** NOT_STEADY when the p99 of the window's first half and its second half's differ beyond {@code steady}. */
    static Optional<Verdict> p99Drift(Evidence e, Thresholds t, List<IntervalStats> iv) {
        List<Histogram> w = e.windows();
        if (w.size() < 2) {
            return Optional.empty();
        }
        int half = w.size() / 2;
        double a = p99(w.subList(0, half));
        double b = p99(w.subList(w.size() - half, w.size()));
        double drift = Math.abs(a - b) / Math.max(1e-9, (a + b) / 2);
        if (drift > t.steady() && Math.abs(a - b) > P99_SLACK_MS) {
            GcPauses server = paused(e, "server", iv);
            // the second of the server's longest pause, 1-based; the higher half's seconds, 1-based
            long worst = Math.round(server.worstSecond());
            boolean inHigher = a > b ? worst >= 1 && worst <= half : worst > w.size() - half && worst <= w.size();
            String pause = String.format(
                    Locale.ROOT,
                    "the server paused for garbage collection for %.0f ms in second %d of the window, in the half with"
                            + " the higher p99",
                    server.worstMs(),
                    worst);
            String why = why(e, iv, server, inHigher && server.worstMs() >= Math.abs(a - b) / 2, pause, a > b);
            return Optional.of(new Verdict(
                    VerdictCode.NOT_STEADY,
                    String.format(
                            Locale.ROOT,
                            "p99 moved from %.2f ms (first half) to %.2f ms (second half), %.0f%% (limit %.0f%%):"
                                    + " %s%s%s",
                            a,
                            b,
                            drift * 100,
                            t.steady() * 100,
                            why,
                            said(paused(e, "loadgen", iv), "the load generator"),
                            jit(e, iv))));
        }
        return Optional.empty();
    }

    /**
     * What a p99 move is put down to, and the advice: the server's longest pause where it {@code explains} the move
     * (its first collection, a heap still filling, or a collector's periodic pause), else a disk stall under the higher
     * half's worst second, else a warm-up that ended too soon.
     */
    private static String why(
            Evidence e, List<IntervalStats> iv, GcPauses server, boolean explains, String pause, boolean firstHigher) {
        String filling = filling(e, iv);
        if (!explains) {
            String stall = diskStall(e, iv, firstHigher);
            return stall != null
                    ? stall + said(server, "the server")
                    : "lengthen warmup so the server reaches its steady state" + said(server, "the server") + filling;
        }
        if (firstCollection(e, server)) {
            return pause + ", its first collection since it started (none before the window): a JVM's first"
                    + " collections under load copy what its start-up left and can be its longest, so lengthen warmup"
                    + " until the server has collected at least once";
        }
        return filling.isEmpty()
                ? pause + ": a collector pauses every so often whatever the warm-up, so lengthen duration until each"
                        + " half of the window holds its share of the pauses"
                : pause + filling;
    }

    /**
     * NOT_STEADY when the warm-up's limit passed with the server's JIT busy (it did not open the window on a quiet JIT)
     * and the JIT went on compiling through the window: a tenth of a core or more in at least half its seconds, and
     * {@link VerdictDefaults#JIT_SHARE} or more of the server's CPU there.
     */
    static Optional<Verdict> stillCompiling(Evidence e, List<IntervalStats> iv) {
        if (e.jit() == null || e.jit().quiet()) {
            return Optional.empty();
        }
        Compiling c = Compiling.of(e, iv);
        // 1e-9: sums of per-second samples land a rounding error under a share they meet exactly
        if (c.busySeconds() * 2 < iv.size()
                || c.cpuSeconds() + 1e-9 < VerdictDefaults.JIT_SHARE * c.serverCpuSeconds()) {
            return Optional.empty();
        }
        return Optional.of(new Verdict(
                VerdictCode.NOT_STEADY,
                String.format(
                        Locale.ROOT,
                        "the server's JIT was still compiling when the warm-up's limit passed and went on through the"
                                + " window: %.1f of the server's %.1f CPU-seconds there (%.0f%%; a tenth of a core or"
                                + " more in %d of its %d seconds), so its CPU per request counts the compiler's and"
                                + " its figures are a JVM's still warming up: give the warm-up a longer limit at this"
                                + " load (warmup_limit in the suite, --warmup-limit)",
                        c.cpuSeconds(),
                        c.serverCpuSeconds(),
                        100 * c.cpuSeconds() / c.serverCpuSeconds(),
                        c.busySeconds(),
                        iv.size())));
    }

    /**
     * "; the server's JIT compiled in seconds a–b of the window (...)" when its compiler threads used at least
     * {@link JitWatch#QUIET_CORES} of a core in some second of the window, else "". The lowest throughput of those
     * seconds is given beside the window's median when the load's seconds line up with the samples'.
     */
    static String jit(Evidence e, List<IntervalStats> iv) {
        Compiling c = Compiling.of(e, iv);
        if (c.first() < 0) {
            return "";
        }
        String when = Math.round(c.first()) == Math.round(c.last())
                ? "second " + Math.round(c.first())
                : "seconds " + Math.round(c.first()) + "–" + Math.round(c.last());
        String rate = c.lowest() == Double.MAX_VALUE
                ? ""
                : String.format(
                        Locale.ROOT,
                        "; throughput there: lowest %,.0f req/s against a median of %,.0f",
                        c.lowest(),
                        median(iv));
        return String.format(
                Locale.ROOT,
                "; the server's JIT compiled in %s of the window (%.1f CPU-s%s): its warm-up ended before the JVM's"
                        + " steady state, so give the warm-up longer at this load",
                when,
                c.cpuSeconds(),
                rate);
    }

    /**
     * The server's JIT over the window, from its process samples: its compiler threads' CPU-seconds and the server's,
     * the seconds it used {@link JitWatch#QUIET_CORES} of a core or more (how many, the first and last, -1 when none)
     * and the lowest throughput of those seconds ({@link Double#MAX_VALUE} when no load second lines up with them).
     */
    record Compiling(
            double cpuSeconds, double serverCpuSeconds, int busySeconds, double first, double last, double lowest) {

        static Compiling of(Evidence e, List<IntervalStats> iv) {
            List<ProcessSample> samples =
                    e.process("server").map(ProcessSeries::samples).orElse(List.of()); // map: a null list is empty
            double cpuSeconds = 0;
            double serverCpuSeconds = 0;
            int busy = 0;
            double first = -1;
            double last = -1;
            double lowest = Double.MAX_VALUE;
            double end = IntervalStats.windowEnd(iv);
            for (ProcessSample s : samples) {
                if (s.cpuJit() == null || s.tS() > end) {
                    continue;
                }
                cpuSeconds += s.cpuJit();
                serverCpuSeconds += s.cpu();
                if (s.cpuJit() >= JitWatch.QUIET_CORES) {
                    busy++;
                    first = first < 0 ? s.tS() : first;
                    last = s.tS();
                    for (IntervalStats i : iv) {
                        if (s.sameSecondAs(i)) {
                            lowest = Math.min(lowest, i.throughputRps());
                        }
                    }
                }
            }
            return new Compiling(cpuSeconds, serverCpuSeconds, busy, first, last, lowest);
        }
    }

    /**
     * NOT_STEADY however steady its rate when the server's heap was still filling through the window ({@link #filling})
     * and its pauses took {@link #PAUSED_SHARE} of the window or more: a rate that is more its collector's than its
     * model's, the way one still compiling is more its JIT's. In the frameworks suite spring-mvc-virtual at 1,000
     * backend connections served a steady 2,419 req/s while its young pauses took about 270 ms of every 400 and its
     * heap grew by 70 MB a collection (judged only BELOW_CEILING, for its CPU), where after its first full collection it
     * serves 6,686. rxnetty's heap fills too at that load, with pauses a fifth of its window, and it served the same
     * 6,500 req/s after a 10 s warm-up and a 50 s one (no full collection in either): at that share the clause rides
     * on a NOT_STEADY found otherwise, and is no verdict of its own.
     */
    static Optional<Verdict> stillFilling(Evidence e, List<IntervalStats> iv) {
        String filling = filling(e, iv);
        if (filling.isEmpty() || pausedShare(e, iv) < PAUSED_SHARE) {
            return Optional.empty();
        }
        return Optional.of(new Verdict(
                VerdictCode.NOT_STEADY, "its rate held steady but its JVM did not: " + filling.substring(2)));
    }

    /**
     * "in second S, the one with the highest p99 of the higher half ..., CPU c sat idle waiting on disk I/O for X% of
     * it ..." where that second's I/O wait on some core was {@link #STALL_IOWAIT} or more and {@link #STALL_RATIO}
     * times its median over the window or more; else null. A disk that stalls holds up whatever waits on it: in the
     * frameworks suite tomcat's crud trial at 1,000 req/s had a second whose p99 was 126 ms against 1.3-8.2 ms in the
     * others, the server's threads grew from 101 to 121 to serve the requests that piled up, and CPU 1 idled on I/O
     * for 21% of that second against 2.5-10% in the others (no GC pause, no JIT): not the model's steady state, nor a
     * longer warm-up's business.
     */
    static String diskStall(Evidence e, List<IntervalStats> iv, boolean firstHalfHigher) {
        if (e.machine().isEmpty() || iv.size() < 2) {
            return null;
        }
        int half = iv.size() / 2;
        List<IntervalStats> higher = firstHalfHigher ? iv.subList(0, half) : iv.subList(iv.size() - half, iv.size());
        IntervalStats worst = higher.stream()
                .max((x, y) -> Double.compare(x.p99Ms(), y.p99Ms()))
                .orElseThrow();
        double end = IntervalStats.windowEnd(iv);
        List<MachineSample> window =
                e.machine().stream().filter(m -> m.tS() <= end).toList();
        MachineSample at = window.stream()
                .filter(m -> Math.abs(m.tS() - worst.tS()) < 0.5)
                .findFirst()
                .orElse(null);
        if (at == null) {
            return null;
        }
        for (int core = 0; core < at.iowait().size(); core++) {
            final int c = core;
            double io = at.iowait().get(c);
            double median = median(window.stream()
                    .filter(m -> m.iowait().size() > c)
                    .mapToDouble(m -> m.iowait().get(c)));
            if (io >= STALL_IOWAIT && io >= STALL_RATIO * median) {
                return String.format(
                        Locale.ROOT,
                        "in second %d, the one with the highest p99 (%.1f ms) of the half with the higher p99, CPU %d"
                                + " sat idle waiting on disk I/O for %.0f%% of the second (%.0f%%, the window's median):"
                                + " a disk that stalls holds up whatever waits on it (PostgreSQL's commits, a log),"
                                + " which may be the host's doing rather than the model's: repeat the trial to tell",
                        Math.round(worst.tS()),
                        worst.p99Ms(),
                        c,
                        io * 100,
                        median * 100);
            }
        }
        return null;
    }

    /** A second's I/O wait on one core from which {@link #diskStall} speaks of the disk. */
    static final double STALL_IOWAIT = 0.10;

    /** How many times its median over the window a second's I/O wait takes for {@link #diskStall}. */
    static final double STALL_RATIO = 3;

    /**
     * "; the heap left after each of the server's collections grew ..." where it did through the window — from its
     * first collection there to its last, by half or more and at least {@link #FILLING_MB}, none of them freeing a
     * tenth of it (no full collection) — and its pauses took {@link #FILLING_SHARE} of the window or more; else "". A
     * heap still filling is a JVM not yet in its steady state, or a leak: at 1,000 connections through the 100 ms
     * backend spring-mvc-virtual (Serial, a 365 MB heap at start) kept 36-85 MB of each 100 MB young collection, its
     * heap grew to 3.4 GB in 53 young collections under load whose pauses lengthened from 57-112 ms to 209-329 ms,
     * 6.3 s of its 10 s window, until (in a longer run) its first full collection 43 s after its start freed 4,078 MB
     * to 325 MB and it served three times the rate.
     */
    static String filling(Evidence e, List<IntervalStats> iv) {
        double end = IntervalStats.windowEnd(iv);
        List<ProcessSample> after = ProcessSample.withHeapAfterGc(
                e.process("server").map(ProcessSeries::samples).orElse(List.of()), end);
        if (after.size() < 3) {
            return "";
        }
        for (int i = 1; i < after.size(); i++) {
            if (after.get(i).gcHeapAfterMb() < 0.9 * after.get(i - 1).gcHeapAfterMb()) {
                return ""; // a collection freed some of it: not a heap that only fills
            }
        }
        double first = after.get(0).gcHeapAfterMb();
        double last = after.get(after.size() - 1).gcHeapAfterMb();
        double share = pausedShare(e, iv);
        if (last < 1.5 * first || last - first < FILLING_MB || share < FILLING_SHARE) {
            return "";
        }
        return String.format(
                Locale.ROOT,
                "; the heap left after each of the server's collections grew from %,.0f MB to %,.0f MB in the window"
                        + " and none freed it, while its pauses took %.0f%% of the window: what its collections keep"
                        + " fills the heap until a full collection frees it (a JVM not yet in its steady state, its"
                        + " pauses lengthening as the heap grows) or never does (a leak), so lengthen warmup past the"
                        + " server's first full collection (its gc log, server.gc.log, shows when) to tell which",
                first,
                last,
                share * 100);
    }

    /** How much heap growth through the window {@link #filling} takes for a heap still filling, in MB. */
    static final double FILLING_MB = 64;

    /** The share of the window the server's pauses take before a heap still filling is NOT_STEADY on its own. */
    static final double PAUSED_SHARE = 1.0 / 3;

    /** The share of the window the server's pauses take before {@link #filling} speaks of its heap. */
    static final double FILLING_SHARE = 0.10;

    /** The share of the window the server spent in garbage-collection pauses (0 where the lab has no log of it). */
    private static double pausedShare(Evidence e, List<IntervalStats> iv) {
        double interval = iv.size() < 2 ? 1 : iv.get(1).tS() - iv.get(0).tS();
        return paused(e, "server", iv).ms() / 1e3 / (iv.size() * interval);
    }

    /** A process's garbage-collection pauses over the window; none where the lab has no log of it. */
    static GcPauses paused(Evidence e, String role, List<IntervalStats> iv) {
        GcPauses p = GcPauses.of(
                e.process(role).map(ProcessSeries::samples).orElse(List.of()),
                IntervalStats.windowEnd(iv)); // a null list is empty
        return p == null ? GcPauses.NONE : p;
    }

    /**
     * Whether the server's longest second of pauses in the window ({@code p}) holds its JVM's first collection: its
     * log shows none before the window, and no second of the window before that one paused.
     */
    static boolean firstCollection(Evidence e, GcPauses p) {
        Integer before = e.process("server").map(ProcessSeries::gcPausesBefore).orElse(null);
        return before != null && before == 0 && p.count() > 0 && p.firstSecond() == p.worstSecond();
    }

    /** "; WHO paused for garbage collection N times in the window, X ms in all (Y ms in second S)", or "". */
    static String said(GcPauses p, String who) {
        if (p.count() == 0) {
            return "";
        }
        return String.format(
                Locale.ROOT,
                "; %s paused for garbage collection %s in the window, %.0f ms in all (%.0f ms in second %d)",
                who,
                p.count() == 1 ? "once" : p.count() + " times",
                p.ms(),
                p.worstMs(),
                Math.round(p.worstSecond()));
    }

    static double median(List<IntervalStats> iv) {
        return median(iv.stream().mapToDouble(IntervalStats::throughputRps));
    }

    /** The median of these values; 0 of none. */
    private static double median(DoubleStream values) {
        double[] r = values.sorted().toArray();
        return r.length == 0 ? 0 : r.length % 2 == 1 ? r[r.length / 2] : (r[r.length / 2 - 1] + r[r.length / 2]) / 2;
    }

    /** The p99 (ms) of the responses of these seconds: their histograms merged. */
    static double p99(List<Histogram> seconds) {
        Histogram all = new Histogram(seconds.get(0).getHighestTrackableValue(), 3);
        seconds.forEach(all::add);
        return all.getTotalCount() == 0 ? 0 : all.getValueAtPercentile(99) / 1e3;
    }

    /** The intervals that cover a whole period: a trailing one shorter than 90% of the others is dropped. */
    static List<IntervalStats> full(List<IntervalStats> iv, double durationS) {
        if (iv.size() < 2) {
            return iv;
        }
        double period = iv.get(1).tS() - iv.get(0).tS();
        IntervalStats last = iv.get(iv.size() - 1);
        double lastLen = last.tS() - iv.get(iv.size() - 2).tS();
        return lastLen < 0.9 * period ? iv.subList(0, iv.size() - 1) : iv;
    }

    static double cv(List<IntervalStats> iv) {
        double mean =
                iv.stream().mapToDouble(IntervalStats::throughputRps).average().orElse(0);
        if (mean <= 0) {
            return 0;
        }
        double var = iv.stream()
                        .mapToDouble(i -> (i.throughputRps() - mean) * (i.throughputRps() - mean))
                        .sum()
                / Math.max(1, iv.size() - 1);
        return Math.sqrt(var) / mean;
    }
}
