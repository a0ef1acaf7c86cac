package io.loadlab.report;

import io.loadlab.core.result.Ceiling;
import io.loadlab.core.result.ConnectionFairness;
import io.loadlab.core.result.DependencyWork;
import io.loadlab.core.result.GcPauses;
import io.loadlab.core.result.IntervalStats;
import io.loadlab.core.result.LoadReport;
import io.loadlab.core.result.LoadSettings;
import io.loadlab.core.result.ProcessSample;
import io.loadlab.core.result.ProcessSeries;
import io.loadlab.core.result.RequestStats;
import io.loadlab.core.result.ServerFacts;
import io.loadlab.core.result.ServerProfile;
import io.loadlab.core.result.Share;
import io.loadlab.core.result.TrialResult;
import io.loadlab.core.result.Unfinished;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The facts of one trial that explain its number, in words: how long it warmed and whether its server's JIT was quiet
 * when the window opened, requests unfinished when the window closed, how fairly the connections were served, each
 * request's planned and realized share, the ceilings, the dependencies' work and the server's CPU per request. A fact
 * older results did not record is "—", never a guess.
 */
final class TrialFacts {
    private TrialFacts() {}

    static Map<String, String> of(TrialResult t) {
        Map<String, String> out = new LinkedHashMap<>();
        LoadReport l = t.load();
        out.put(
                "warm-up",
                warmup(
                        l == null ? null : l.run(),
                        t.server() == null ? null : t.server().jit()));
        out.put("unfinished", l == null ? Numbers.DASH : unfinished(l.unfinished()));
        out.put(
                "connections served",
                l == null || l.connections() == null
                        ? Numbers.DASH
                        : fairness(l.connections().fairness()));
        out.put(
                "connections closed by the server",
                l == null || l.connections() == null || l.connections().serverCloses() == null
                        ? Numbers.DASH
                        : closes(l.connections().serverCloses(), l.requests()));
        out.put(
                "answers checked",
                l == null || l.answers() == null
                        ? Numbers.DASH
                        : Numbers.count(l.answers().checked()) + " sampled under load, "
                                + Numbers.count(l.answers().wrong()) + " wrong");
        out.put("share of the mix", l == null ? Numbers.DASH : shares(l.perRequest()));
        Ceiling c = t.ceiling();
        out.put("workload ceiling", c == null || c.rps() == null ? Numbers.DASH : bound(c.rps(), c.explanation()));
        out.put("design cap", c == null || c.designRps() == null ? Numbers.DASH : bound(c.designRps(), c.design()));
        out.put("latency floor", c == null || c.floorMs() == null ? Numbers.DASH : Numbers.ms(c.floorMs()) + " ms");
        DependencyWork d = t.dependencies();
        out.put("backend", d == null || d.backend() == null ? Numbers.DASH : backend(d.backend()));
        out.put("database", d == null || d.database() == null ? Numbers.DASH : database(d.database()));
        out.put(
                "database work per request",
                d == null || d.database() == null || l == null
                        ? Numbers.DASH
                        : databaseWork(d.database(), l.requests()));
        out.put("server CPU per request", Numbers.micros(cpuMicrosPerRequest(t)));
        ServerProfile p = ProfileHtml.profile(t);
        ServerProfile.Jvm j = p == null ? null : p.jvm();
        ServerProfile.PerRequest r = p == null ? null : p.perRequest();
        out.put(
                "heap allocation",
                j == null
                        ? Numbers.DASH
                        : String.format(Locale.ROOT, "%,.1f MB/s", j.allocatedMbPerS())
                                + (r == null || r.allocatedBytes() == null
                                        ? ""
                                        : " · " + ProfileHtml.bytes(r.allocatedBytes()) + " per request"));
        out.put(
                "GC pauses (n · total · max)",
                j == null
                        ? loggedPauses(
                                ReportData.serverSamples(t),
                                IntervalStats.windowEnd(l == null ? null : l.intervals()),
                                serverPausesBefore(t))
                        : ProfileHtml.gc(j) + " (" + j.collector() + ")");
        out.put(
                "heap after GC",
                heapAfter(ReportData.serverSamples(t), IntervalStats.windowEnd(l == null ? null : l.intervals())));
        ProcessSeries server = ReportData.serverSeries(t);
        out.put("threads (peak)", j != null ? Numbers.count(j.threadsPeak()) : sampledThreads(server));
        out.put(
                "context switches per request",
                r != null && r.voluntaryCtx() != null
                        ? ctx(r.voluntaryCtx(), r.involuntaryCtx())
                        : sampledCtxPerRequest(
                                server,
                                l == null || l.throughput() == null
                                        ? 0
                                        : l.throughput().requests()));
        out.put("profile", p == null ? Numbers.DASH : profile(p));
        return out;
    }

    /**
     * Without a profile, the server's pauses from its JVM's GC log, per second of the window (the samples stamped up
     * to {@code untilS}, as the verdicts count them): "n · total · the most in one second, and which", "0", or "—"
     * where there is no log (a user's server, older results); then how many it made before the window, where recorded
     * (none means a pause in the window was its JVM's first collection).
     */
    static String loggedPauses(List<ProcessSample> samples, double untilS, Integer before) {
        GcPauses p = GcPauses.of(samples, untilS);
        if (p == null) {
            return Numbers.DASH;
        }
        String earlier = before == null ? "" : Numbers.count(before) + " before the window";
        return p.count() == 0
                ? "0" + (earlier.isEmpty() ? "" : " (" + earlier + ")")
                : Numbers.count(p.count()) + " · " + Numbers.ms(p.ms()) + " ms · " + Numbers.ms(p.worstMs())
                        + " ms in second " + Math.round(p.worstSecond()) + " (server.gc.log"
                        + (earlier.isEmpty() ? "" : "; " + earlier) + ")";
    }

    /**
     * "1,646 MB → 2,855 MB (19 collections; server.gc.log)": the heap the server's JVM had in use after the window's
     * first collection and after its last (the samples stamped up to {@code untilS}, as the verdicts read them), the
     * figures a reason about a heap still filling quotes; "27 MB (1 collection; …)" for one; "—" where no collection
     * in the window gave a heap (none, ZGC's, a user's server, older results).
     */
    static String heapAfter(List<ProcessSample> samples, double untilS) {
        List<ProcessSample> after = ProcessSample.withHeapAfterGc(samples, untilS);
        if (after.isEmpty()) {
            return Numbers.DASH;
        }
        int n = after.stream()
                .mapToInt(s -> s.gcPauses() == null ? 0 : s.gcPauses())
                .sum();
        String first = String.format(Locale.ROOT, "%,.0f MB", after.get(0).gcHeapAfterMb());
        String last = String.format(
                Locale.ROOT, "%,.0f MB", after.get(after.size() - 1).gcHeapAfterMb());
        String span = after.size() == 1 ? first : first + " → " + last;
        return span + " (" + Numbers.count(n) + (n == 1 ? " collection" : " collections") + "; server.gc.log)";
    }

    private static Integer serverPausesBefore(TrialResult t) {
        ProcessSeries server = ReportData.serverSeries(t);
        return server == null ? null : server.gcPausesBefore();
    }

    /**
     * "8.9 s · JIT quiet (0.01 of a core)", "30.0 s · JIT still busy (0.32 of a core)", "5.0 s" (a server whose JIT
     * the lab did not watch), or "—": how long the load ran before the window, and the server's compiler threads'
     * demand over the second before it opened, quiet if they and the lab's own JVMs' were under a tenth of a core.
     */
    static String warmup(LoadSettings run, ServerFacts.Jit jit) {
        if (run == null) {
            return Numbers.DASH;
        }
        String s = String.format(Locale.ROOT, "%.1f s", run.warmupS());
        if (jit == null) {
            return s;
        }
        return s
                + String.format(
                        Locale.ROOT,
                        " · JIT %s (%.2f of a core)",
                        jit.quiet() ? "quiet" : "still busy",
                        jit.compilerCores());
    }

    /** "20 · oldest 4,009 ms", "0", or "—" when not recorded: the unfinished column of the verdict table. */
    static String unfinishedShort(TrialResult t) {
        Unfinished u = t.load() == null ? null : t.load().unfinished();
        if (u == null) {
            return Numbers.DASH;
        }
        return u.count() == 0 ? "0" : Numbers.count(u.count()) + " · oldest " + Numbers.ms(u.oldestAgeMs()) + " ms";
    }

    /** "199 of 200 got nothing", "all 200", or "—": the connections column of the verdict table. */
    static String servedShort(TrialResult t) {
        ConnectionFairness f = t.load() == null || t.load().connections() == null
                ? null
                : t.load().connections().fairness();
        if (f == null || f.connections() == 0) {
            return Numbers.DASH;
        }
        return f.completedNone() == 0
                ? "all " + Numbers.count(f.connections())
                : Numbers.count(f.completedNone()) + " of " + Numbers.count(f.connections()) + " got nothing";
    }

    private static String profile(ServerProfile p) {
        StringBuilder b = new StringBuilder(p.profiler() == null ? "no stacks" : p.profiler());
        if (p.profiler() != null) {
            b.append(", ").append(Numbers.count(p.samples())).append(" samples");
        }
        if (p.notes() != null && !p.notes().isEmpty()) {
            b.append(" — ").append(String.join("; ", p.notes()));
        }
        return b.toString();
    }

    /**
     * Without a profile, the most threads the sampler saw in the server's process in a second of the window: every
     * thread of it ({@code /proc}), not only the JVM's own, so labelled as such (the chart of threads shows the same).
     */
    static String sampledThreads(ProcessSeries server) {
        return server == null || server.threadsMax() <= 0
                ? Numbers.DASH
                : Numbers.count(server.threadsMax()) + " (every thread of the process, sampled)";
    }

    /**
     * Without a profile, the server's context switches in the window over the requests completed in it: what a
     * profile's {@code per_request} holds, from the same samples; "—" where either is missing.
     */
    static String sampledCtxPerRequest(ProcessSeries server, long requests) {
        return server == null || requests <= 0
                ? Numbers.DASH
                : ctx(server.voluntaryCtx() / (double) requests, server.involuntaryCtx() / (double) requests);
    }

    private static String ctx(Double voluntary, Double involuntary) {
        return ProfileHtml.ctx(voluntary) + " voluntary · " + ProfileHtml.ctx(involuntary) + " involuntary";
    }

    static double cpuMicrosPerRequest(TrialResult t) {
        ProcessSeries server = ReportData.serverSeries(t);
        return server == null || t.load() == null
                ? Double.NaN
                : server.cpuMicrosPerRequest(t.load().throughput().rps());
    }

    private static String unfinished(Unfinished u) {
        if (u == null) {
            return Numbers.DASH;
        }
        if (u.count() == 0) {
            return "none";
        }
        return Numbers.count(u.count()) + " requests, the oldest " + Numbers.ms(u.oldestAgeMs())
                + " ms old; they are in the latency at their age, a lower bound";
    }

    private static String fairness(ConnectionFairness f) {
        if (f == null || f.connections() == 0) {
            return Numbers.DASH;
        }
        return String.format(
                Locale.ROOT,
                "%s connections; responses per connection: min %s, median %s, max %s; %s completed none",
                Numbers.count(f.connections()),
                Numbers.count(f.min()),
                Numbers.rps(f.median()),
                Numbers.count(f.max()),
                Numbers.count(f.completedNone()));
    }

    private static String shares(Map<String, RequestStats> perRequest) {
        if (perRequest == null || perRequest.isEmpty()) {
            return Numbers.DASH;
        }
        List<String> parts = new ArrayList<>();
        perRequest.forEach((name, r) -> {
            Share s = r.share();
            if (s != null) {
                parts.add(String.format(
                        Locale.ROOT,
                        "%s planned %.1f%%, realized %.1f%% (%+.1f points)",
                        name,
                        s.planned() * 100,
                        s.realized() * 100,
                        s.gapPoints()));
            }
        });
        return parts.isEmpty() ? Numbers.DASH : String.join("; ", parts);
    }

    private static String bound(double rps, String how) {
        return Numbers.rps(rps) + " req/s" + (how == null || how.isBlank() ? "" : " — " + how);
    }

    /** The concurrency is absent when the backend did not report it, or in results of schema 1. */
    private static String backend(DependencyWork.Backend b) {
        String peak = b.peakInFlight() == null
                ? Numbers.DASH
                : String.format(
                        Locale.ROOT,
                        "peak %d, mean %.1f",
                        b.peakInFlight(),
                        b.meanInFlight() == null ? 0 : b.meanInFlight());
        return Numbers.count(b.calls()) + " calls; in flight at once: " + peak;
    }

    private static String closes(long closes, long requests) {
        return Numbers.count(closes)
                + (requests <= 0
                        ? ""
                        : String.format(Locale.ROOT, " (%.1f per 1,000 requests)", closes * 1000.0 / requests));
    }

    /**
     * PostgreSQL's own count over the window per completed request: {@code 1.20 statements (1.00 select, 0.20
     * insert), 1.20 transactions, 0.40 BEGIN/COMMIT}; a dash where it was not counted.
     */
    static String databaseWork(DependencyWork.Database d, long requests) {
        if (requests <= 0 || (d.statements() == null && d.transactions() == null)) {
            return Numbers.DASH;
        }
        StringBuilder b = new StringBuilder();
        if (d.statements() != null) {
            b.append(String.format(Locale.ROOT, "%.2f statements", d.tableStatements() / (double) requests));
            String sep = " (";
            for (String k : List.of(
                    DependencyWork.Database.SELECT,
                    DependencyWork.Database.INSERT,
                    DependencyWork.Database.UPDATE,
                    DependencyWork.Database.DELETE)) {
                Long n = d.statements().get(k);
                if (n != null && n > 0) {
                    b.append(sep).append(String.format(Locale.ROOT, "%.2f %s", n / (double) requests, k));
                    sep = ", ";
                }
            }
            b.append(sep.equals(", ") ? ")" : "");
        } else {
            b.append("statements not counted (no pg_stat_statements)");
        }
        if (d.transactions() != null) {
            b.append(String.format(Locale.ROOT, ", %.2f transactions", d.transactions() / (double) requests));
        }
        if (d.statements() != null) {
            long control = d.statements().getOrDefault(DependencyWork.Database.TRANSACTION_CONTROL, 0L);
            long other = d.statements().getOrDefault(DependencyWork.Database.OTHER, 0L);
            b.append(String.format(Locale.ROOT, ", %.2f BEGIN/COMMIT", control / (double) requests));
            if (other > 0) {
                b.append(String.format(Locale.ROOT, ", %.2f other", other / (double) requests));
            }
        }
        return b.toString();
    }

    private static String database(DependencyWork.Database d) {
        String peak = d.peakActive() == null ? Numbers.DASH : String.valueOf(d.peakActive());
        return Numbers.count(d.rowsAdded()) + " rows added; active connections at peak: " + peak + "; TLS connections: "
                + (d.sslConnections() == null ? Numbers.DASH : String.valueOf(d.sslConnections()));
    }
}
