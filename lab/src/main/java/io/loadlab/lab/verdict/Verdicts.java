package io.loadlab.lab.verdict;

import io.loadlab.core.result.DependencyWork;
import io.loadlab.core.result.ErrorCategory;
import io.loadlab.core.result.Metastability;
import io.loadlab.core.result.Verdict;
import io.loadlab.core.result.VerdictCode;
import io.loadlab.core.result.VerdictDefaults;
import io.loadlab.lab.spec.Thresholds;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Judges a trial: every check runs on its {@link Evidence} and adds a {@link Verdict} with a reason a user can act
 * on; none found gives one {@code OK}. A trial whose validation failed gets {@code APP_BROKEN} and nothing else: no
 * number of a broken app is judged, because none is shown.
 */
public final class Verdicts {
    private Verdicts() {}

    public static List<Verdict> judge(Evidence e, Thresholds t) {
        List<Verdict> out = new ArrayList<>();
        if (e.validation() != null && !e.validation().passed()) {
            out.add(new Verdict(
                    VerdictCode.APP_BROKEN,
                    "validation failed at low load: " + e.validation().failure()
                            + "; fix the server, no throughput is shown for a broken app"));
            return out;
        }
        Optional<Verdict> failed = DependencyFailedCheck.check(e);
        if (failed.isPresent()) {
            // every other finding stands on a run without its dependency
            out.add(failed.get());
            return out;
        }
        if (e.scenario() != null && e.scenario().overload().disrupted()) {
            return triggered(e, t);
        }
        Optional<Verdict> starved = StarvationCheck.check(e, t);
        Optional<Verdict> errors = ErrorCheck.check(e, t);
        if (starved.isPresent() && errors.isPresent() && onlyTimeouts(e)) {
            // the starved connections' requests time out in the end: one finding, not two
            starved = Optional.of(new Verdict(
                    VerdictCode.STARVED,
                    starved.get().reason() + "; " + e.load().errors().get(ErrorCategory.TIMEOUT)
                            + " of their requests timed out"));
            errors = Optional.empty();
        }
        errors.ifPresent(out::add);
        starved.ifPresent(out::add);
        Optional<Verdict> loadgen = LoadgenSaturationCheck.check(e, t);
        loadgen.ifPresent(out::add);
        Optional<Verdict> dependency = DependencyCheck.check(e, t);
        dependency.ifPresent(out::add);
        if (!overloaded(e, t)) {
            // an open model the server cannot keep up with has no steady state: BELOW_CEILING says so
            SteadinessCheck.check(e, t).ifPresent(out::add);
        }
        if (errors.isEmpty() && starved.isEmpty()) {
            // with errors the in-flight count means nothing (failed requests hold no connection for a latency), and
            // STARVED already says why the connections did not all wait for answers
            LittleCheck.check(e, t).ifPresent(out::add);
        }
        WorkCheck.check(e, t).ifPresent(out::add);
        if (errors.isEmpty()) {
            CeilingCheck.check(e, t, loadgen.isPresent() || dependency.isPresent())
                    .ifPresent(out::add);
        }
        if (out.isEmpty()) {
            out.add(new Verdict(VerdictCode.OK, "no finding: the number stands"));
        }
        out.sort(Comparator.comparing(Verdict::code));
        LoadgenSaturationCheck.serverBoundNote(e, t).ifPresent(note -> noted(out, note));
        return List.copyOf(out);
    }

    /**
     * Adds a note to the verdict that explains the number (BELOW_CEILING naming the server's CPU), else to the most
     * severe one: the user reads why a busy load generator's core did not void the trial where the trial is judged.
     */
    private static void noted(List<Verdict> out, String note) {
        int i = 0;
        for (int j = 0; j < out.size(); j++) {
            if (out.get(j).code() == VerdictCode.BELOW_CEILING) {
                i = j;
            }
        }
        Verdict v = out.get(i);
        out.set(i, new Verdict(v.code(), v.reason() + "; " + note));
    }

    /**
     * A trial whose backend slowed down on purpose, or whose dependency the lab failed on purpose, has no steady state,
     * and its errors, its work and its latency are what the trigger or the fault did to the model: only whether the
     * lab could measure it (the load generator and the dependencies kept up) and whether the model recovered are
     * judged.
     */
    private static List<Verdict> triggered(Evidence e, Thresholds t) {
        List<Verdict> out = new ArrayList<>();
        LoadgenSaturationCheck.check(e, t).ifPresent(out::add);
        Metastability m = metastability(e);
        if (e.scenario().overload().fault() == null) {
            DependencyCheck.check(e, t).ifPresent(out::add);
            MetastabilityCheck.check(m, VerdictDefaults.METASTABLE_SECONDS).ifPresent(out::add);
        } else {
            outageOver(e).ifPresent(out::add);
            MetastabilityCheck.recovery(m).ifPresent(out::add);
        }
        if (out.isEmpty()) {
            out.add(new Verdict(
                    VerdictCode.OK,
                    e.scenario().overload().fault() == null
                            ? "recovered after the trigger: the number stands"
                            : "recovered after the fault: the number stands"));
        }
        out.sort(Comparator.comparing(Verdict::code));
        LoadgenSaturationCheck.serverBoundNote(e, t).ifPresent(note -> noted(out, note));
        return List.copyOf(out);
    }

    /** A trial with a trigger or a fault: its goodput before, during and after it; else null. */
    public static Metastability metastability(Evidence e) {
        if (e.scenario() == null || !e.scenario().overload().disrupted()) {
            return null;
        }
        if (e.scenario().overload().trigger() != null) {
            return MetastabilityCheck.measure(e.load(), e.scenario().overload(), VerdictDefaults.METASTABLE_SECONDS);
        }
        DependencyWork.Outage o = e.work() == null ? null : e.work().outage();
        if (o == null || o.endS() == null) {
            return null;
        }
        return MetastabilityCheck.measure(
                e.load(),
                o.atS(),
                o.endS(),
                e.scenario().overload().retries(),
                VerdictDefaults.METASTABLE_SECONDS,
                o.cause());
    }

    /**
     * A fault whose dependency never answered again, or was never caused: the trial measured something else than the
     * experiment asked, and is refused as a dependency failure.
     */
    private static Optional<Verdict> outageOver(Evidence e) {
        DependencyWork.Outage o = e.work() == null ? null : e.work().outage();
        if (o == null) {
            return Optional.of(new Verdict(
                    VerdictCode.DEPENDENCY_FAILED,
                    "the fault " + e.scenario().overload().fault().label() + " was not caused (the trial ended before"
                            + " it, or the dependency was not the lab's to fail); see the trial's log"));
        }
        if (o.endS() == null) {
            return Optional.of(new Verdict(
                    VerdictCode.DEPENDENCY_FAILED,
                    String.format(
                            Locale.ROOT,
                            "after %s at %.1f s of the window it did not answer again within %s: the trial measured no"
                                    + " recovery",
                            o.cause(),
                            o.atS(),
                            e.scenario().overload().fault().longest())));
        }
        return Optional.empty();
    }

    /** True when every failed request timed out (503 rejections aside): what starved connections end in. */
    private static boolean onlyTimeouts(Evidence e) {
        if (e.load() == null) {
            return false;
        }
        long timeouts = e.load().errors().get(ErrorCategory.TIMEOUT);
        return timeouts > 0 && timeouts == e.load().errors().total() - e.rejections();
    }

    /** The open model's server fell behind its target rate: its queue, and its latency, grew through the window. */
    static boolean overloaded(Evidence e, Thresholds t) {
        return e.load() != null
                && !e.closed()
                && e.load().throughput().rps() < t.belowCeiling() * e.level().rateRps();
    }

    static String pct(double fraction) {
        return String.format(Locale.ROOT, "%.1f%%", fraction * 100);
    }
}
