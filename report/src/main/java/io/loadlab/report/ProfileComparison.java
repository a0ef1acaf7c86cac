package io.loadlab.report;

import io.loadlab.core.profile.Frames;
import io.loadlab.core.result.ServerProfile;
import io.loadlab.core.result.TrialResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * Two trials' insides side by side, B against A: throughput and p99, then the per-request costs (CPU, heap
 * allocation, context switches), GC and threads as ratios B/A, and the frames whose share of the samples moved most.
 * The evidence behind "B beats A": a model that does fewer context switches or allocates less per request shows it
 * here, with the frames that differ.
 *
 * @param frames the frames that moved most, largest move first; empty when either trial has no collapsed stacks
 * @param allocations true when both are allocation profiles (--profile=alloc): the frames are classes allocated
 * @param notes why something is missing
 */
public record ProfileComparison(
        String nameA,
        String nameB,
        TrialResult a,
        TrialResult b,
        List<Row> rows,
        List<Frames.Change> frames,
        boolean allocations,
        List<String> notes) {

    /** The frames shown: enough to see the main moves, few enough to read. */
    public static final int FRAMES = 10;

    /** One figure of both trials; null where a trial did not record it. */
    public record Row(String label, Double a, Double b, String unit) {
        /** B/A, NaN when either side is missing or A is 0. */
        public double ratio() {
            return a == null || b == null || a == 0 ? Double.NaN : b / a;
        }
    }

    /**
     * @param dirA the results directory of {@code a}, where its collapsed stacks are
     */
    public static ProfileComparison of(String nameA, TrialResult a, Path dirA, String nameB, TrialResult b, Path dirB) {
        List<Row> rows = new ArrayList<>();
        rows.add(row(
                "throughput",
                a,
                b,
                "req/s",
                t -> t.load() == null ? null : t.load().throughput().rps()));
        rows.add(row(
                "p99",
                a,
                b,
                "ms",
                t -> t.load() == null ? null : t.load().latencyMs().p99()));
        rows.add(row("CPU per request", a, b, "µs", t -> per(t, ServerProfile.PerRequest::cpuUs, true)));
        rows.add(
                row("allocation per request", a, b, "B", t -> per(t, ServerProfile.PerRequest::allocatedBytes, false)));
        rows.add(row(
                "voluntary ctx switches per request",
                a,
                b,
                "",
                t -> per(t, ServerProfile.PerRequest::voluntaryCtx, false)));
        rows.add(row(
                "involuntary ctx switches per request",
                a,
                b,
                "",
                t -> per(t, ServerProfile.PerRequest::involuntaryCtx, false)));
        rows.add(row("GC pause time", a, b, "ms", t -> jvm(t) == null ? null : jvm(t).gcPauseTotalMs()));
        rows.add(row("longest GC pause", a, b, "ms", t -> jvm(t) == null ? null : jvm(t).gcPauseMaxMs()));
        rows.add(row("threads (peak)", a, b, "", t -> jvm(t) == null ? null : (double) jvm(t).threadsPeak()));
        List<String> notes = new ArrayList<>();
        List<Frames.Change> frames = List.of();
        Frames fa = frames(nameA, a, dirA, notes);
        Frames fb = frames(nameB, b, dirB, notes);
        boolean allocA = allocations(a);
        boolean allocB = allocations(b);
        boolean allocations = allocA && allocB;
        if (fa != null && fb != null && allocA != allocB) {
            notes.add("one profile sampled the CPU and the other heap allocations (--profile=alloc): their frames do"
                    + " not compare; profile both the same way");
        } else if (fa != null && fb != null) {
            frames = allocations
                    ? Frames.changes(fa.asAllocations(), fb.asAllocations(), FRAMES)
                    : Frames.changes(fa, fb, FRAMES);
        }
        return new ProfileComparison(nameA, nameB, a, b, List.copyOf(rows), frames, allocations, List.copyOf(notes));
    }

    /** True when {@code t}'s server was profiled with --profile=alloc: its frames are the classes allocated. */
    public static boolean allocations(TrialResult t) {
        ServerProfile p = t.server() == null ? null : t.server().profile();
        return p != null && p.allocations();
    }

    /** The heading of the frames that moved most. */
    String framesHeading() {
        return allocations
                ? "Classes allocated whose share of the samples moved most (+ grew in B)"
                : "Frames whose share of the samples moved most (self time; + grew in B)";
    }

    /** The collapsed stacks of a trial, or null with a note saying why not. */
    static Frames frames(String name, TrialResult t, Path dir, List<String> notes) {
        String file = t.files() == null ? null : t.files().get("profile_collapsed");
        if (file == null) {
            notes.add(name + " has no profile (profiling off, or the trial never reached its window)");
            return null;
        }
        Path p = dir.resolve(file);
        if (!Files.isRegularFile(p)) {
            notes.add(name + "'s stacks are missing: " + p);
            return null;
        }
        try {
            return Frames.read(p);
        } catch (IOException e) {
            notes.add(name + "'s stacks could not be read: " + e.getMessage());
            return null;
        }
    }

    /** The collapsed stacks' path of a trial, or null. */
    public static Path collapsed(TrialResult t, Path dir) {
        String file = t.files() == null ? null : t.files().get("profile_collapsed");
        return file == null ? null : dir.resolve(file);
    }

    private static Row row(String label, TrialResult a, TrialResult b, String unit, Function<TrialResult, Double> f) {
        return new Row(label, f.apply(a), f.apply(b), unit);
    }

    private static ServerProfile.Jvm jvm(TrialResult t) {
        ServerProfile p = ProfileHtml.profile(t);
        return p == null ? null : p.jvm();
    }

    /** A per-request figure; CPU falls back to {@code /proc}'s, which every trial has, when there was no profile. */
    private static Double per(TrialResult t, Function<ServerProfile.PerRequest, Double> f, boolean cpu) {
        ServerProfile p = ProfileHtml.profile(t);
        Double v = p == null || p.perRequest() == null ? null : f.apply(p.perRequest());
        if (v == null && cpu) {
            double us = TrialFacts.cpuMicrosPerRequest(t);
            return Double.isNaN(us) ? null : us;
        }
        return v;
    }

    /** "2.14×", "—". */
    static String ratio(double r) {
        if (Double.isNaN(r)) {
            return Numbers.DASH;
        }
        return String.format(Locale.ROOT, r >= 100 ? "%,.0f×" : r >= 10 ? "%.1f×" : "%.2f×", r);
    }

    static String value(Double v, String unit) {
        if (v == null) {
            return Numbers.DASH;
        }
        String n = v == Math.rint(v) || Math.abs(v) >= 100
                ? String.format(Locale.ROOT, "%,.0f", v)
                : Math.abs(v) >= 1 ? String.format(Locale.ROOT, "%.2f", v) : String.format(Locale.ROOT, "%.3f", v);
        return unit.isEmpty() ? n : n + " " + unit;
    }

    /** "+5.0 pts" — a change of share in percentage points. */
    static String points(double delta) {
        return String.format(Locale.ROOT, "%+.1f pts", delta * 100);
    }

    static String share(double s) {
        return String.format(Locale.ROOT, "%.1f%%", s * 100);
    }
}
