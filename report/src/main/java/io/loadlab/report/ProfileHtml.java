package io.loadlab.report;

import static io.loadlab.report.Html.esc;

import io.loadlab.core.result.ServerProfile;
import io.loadlab.core.result.TrialResult;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * "Inside the servers": per measured trial, what its server's window cost per request (CPU, heap allocation, context
 * switches), its JVM's GC pauses and threads, the frames with the most self time, and a link to its flame graph —
 * the evidence behind a ranking. Drawn only when some trial of the scenario was profiled.
 */
final class ProfileHtml {
    private ProfileHtml() {}

    static void section(StringBuilder h, ScenarioSection s, int i, List<ExperimentAnswer> answers, Path dir) {
        List<TrialResult> profiled = s.trials().stream()
                .filter(t -> t.load() != null && profile(t) != null)
                .toList();
        if (profiled.isEmpty()) {
            return;
        }
        h.append("<h3 id=\"inside-")
                .append(i)
                .append("\">Inside the servers</h3>\n<p class=\"meta\">Over each measured window: the server's CPU,")
                .append(" heap allocation and context switches per completed request; its JVM's stop-the-world GC")
                .append(" pauses and most threads alive; the frames where its CPU samples ended (self time), or with")
                .append(" --profile=alloc the classes it allocated most. Open a")
                .append(
                        " flame graph to see whole stacks: width is time, hover or click a frame, Ctrl-F searches.</p>\n")
                .append("<div class=\"wide\"><table class=\"profile\"><thead><tr><th>model</th><th>load</th>")
                .append("<th>rep</th><th class=\"n\">CPU / req</th><th class=\"n\">alloc / req</th>")
                .append("<th class=\"n\">alloc MB/s</th><th class=\"n\">ctx sw / req<br>vol · invol</th>")
                .append("<th class=\"n\">GC pauses<br>n · total · max</th><th class=\"n\">threads<br>peak</th>")
                .append("<th>top frames (self time)</th><th>flame graph</th></tr></thead><tbody>\n");
        for (TrialResult t : profiled) {
            ServerProfile p = profile(t);
            ServerProfile.PerRequest r = p.perRequest();
            ServerProfile.Jvm j = p.jvm();
            h.append("<tr").append(t.valid() ? "" : " class=\"invalid\"").append(">");
            ReportTables.keyCells(h, t);
            h.append("<td class=\"n\">")
                    .append(r == null || r.cpuUs() == null ? Numbers.DASH : Numbers.micros(r.cpuUs()))
                    .append("</td><td class=\"n\">")
                    .append(r == null || r.allocatedBytes() == null ? Numbers.DASH : bytes(r.allocatedBytes()))
                    .append("</td><td class=\"n\">")
                    .append(j == null ? Numbers.DASH : String.format(Locale.ROOT, "%,.1f", j.allocatedMbPerS()))
                    .append("</td><td class=\"n\">")
                    .append(
                            r == null || r.voluntaryCtx() == null
                                    ? Numbers.DASH
                                    : ctx(r.voluntaryCtx()) + " · " + ctx(r.involuntaryCtx()))
                    .append("</td><td class=\"n\">")
                    .append(j == null ? Numbers.DASH : esc(gc(j)))
                    .append("</td><td class=\"n\">")
                    .append(j == null ? Numbers.DASH : Numbers.count(j.threadsPeak()))
                    .append("</td><td class=\"frames\">");
            if (p.selfTime() != null) {
                h.append("<div>").append(esc(selfTime(p.selfTime()))).append("</div>");
            } else if (ProfileComparison.allocations(t)) {
                h.append("<div>classes allocated, by share of allocation samples (--profile=alloc)</div>");
            }
            frames(h, p.topFrames());
            h.append("</td><td>");
            String flame = t.files() == null ? null : t.files().get("flame_graph");
            if (flame != null) {
                h.append("<a href=\"").append(esc(flame)).append("\">flame.html</a>");
            } else {
                h.append(Numbers.DASH);
            }
            if (p.notes() != null && !p.notes().isEmpty()) {
                h.append("<div class=\"meta\">")
                        .append(esc(String.join("; ", p.notes())))
                        .append("</div>");
            }
            h.append("</td></tr>\n");
        }
        h.append("</tbody></table></div>\n<p class=\"meta\">Profiled by ")
                .append(esc(profilers(profiled)))
                .append("; collector ")
                .append(esc(collectors(profiled)))
                .append(". A server pinned to one CPU gets the Serial collector from the JVM's ergonomics, as on any")
                .append(" one-CPU container; every model ran with the same.</p>\n");
        for (ExperimentAnswer a : answers) {
            RankedModel best = a.best();
            RankedModel second = a.runnerUp();
            if (best == null || second == null) {
                continue;
            }
            TrialResult tb = best.valid().get(0);
            TrialResult ts = second.valid().get(0);
            if (profile(tb) == null || profile(ts) == null) {
                continue;
            }
            h.append("<h4>What separates ")
                    .append(esc(best.model()))
                    .append(" from ")
                    .append(esc(second.model()))
                    .append(" at ")
                    .append(esc(a.load().label()))
                    .append("</h4><p class=\"meta\">Their first valid repetitions; ratios are ")
                    .append(esc(best.model()))
                    .append(" ÷ ")
                    .append(esc(second.model()))
                    .append(". <code>loadlab compare</code> on the two trial directories prints the same and draws a")
                    .append(" differential flame graph (<code>--flame-diff</code>).</p>");
            ProfileComparisonHtml.fragment(h, ProfileComparison.of(second.model(), ts, dir, best.model(), tb, dir));
        }
    }

    static ServerProfile profile(TrialResult t) {
        return t.server() == null ? null : t.server().profile();
    }

    private static void frames(StringBuilder h, List<ServerProfile.Frame> frames) {
        if (frames == null || frames.isEmpty()) {
            h.append(Numbers.DASH);
            return;
        }
        h.append("<ol>");
        for (ServerProfile.Frame f : frames) {
            h.append("<li><code>")
                    .append(esc(f.name()))
                    .append("</code> <span class=\"meta\">")
                    .append(esc(f.kind()))
                    .append(" · ")
                    .append(String.format(Locale.ROOT, "%.1f%%", f.share() * 100))
                    .append("</span></li>");
        }
        h.append("</ol>");
    }

    /** "Java 38% · native 20% · kernel 42%": where the samples ended. */
    static String selfTime(Map<String, Double> shares) {
        StringBuilder b = new StringBuilder();
        shares.forEach((k, v) -> b.append(b.isEmpty() ? "" : " · ")
                .append(k.equals("java") ? "Java" : k)
                .append(' ')
                .append(String.format(Locale.ROOT, "%.0f%%", v * 100)));
        return b.toString();
    }

    /** "3 · 41 ms · 16 ms", or "0" when there was no pause. */
    static String gc(ServerProfile.Jvm j) {
        return j.gcPauses() == 0
                ? "0"
                : Numbers.count(j.gcPauses()) + " · " + Numbers.ms(j.gcPauseTotalMs()) + " ms · "
                        + Numbers.ms(j.gcPauseMaxMs()) + " ms";
    }

    static String bytes(double b) {
        if (b >= 10 * 1024) {
            return String.format(Locale.ROOT, "%,.1f KiB", b / 1024);
        }
        return String.format(Locale.ROOT, "%,.0f B", b);
    }

    static String ctx(Double v) {
        return v == null ? Numbers.DASH : String.format(Locale.ROOT, v >= 10 ? "%,.0f" : "%.2f", v);
    }

    private static String profilers(List<TrialResult> trials) {
        return trials.stream()
                .map(t -> profile(t).profiler())
                .filter(Objects::nonNull)
                .distinct()
                .reduce((a, b) -> a + ", " + b)
                .orElse("nothing (see the notes)");
    }

    private static String collectors(List<TrialResult> trials) {
        return trials.stream()
                .map(t -> profile(t).jvm())
                .filter(Objects::nonNull)
                .map(ServerProfile.Jvm::collector)
                .distinct()
                .reduce((a, b) -> a + ", " + b)
                .orElse("unknown");
    }
}
