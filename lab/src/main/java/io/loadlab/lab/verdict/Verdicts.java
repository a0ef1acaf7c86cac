package io.loadlab.lab.verdict;

import io.loadlab.core.result.Verdict;
import io.loadlab.core.result.VerdictCode;
import io.loadlab.lab.spec.Thresholds;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
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
        Optional<Verdict> errors = ErrorCheck.check(e, t);
        errors.ifPresent(out::add);
        LoadgenSaturationCheck.check(e, t).ifPresent(out::add);
        DependencyCheck.check(e, t).ifPresent(out::add);
        SteadinessCheck.check(e, t).ifPresent(out::add);
        if (errors.isEmpty()) {
            // with errors the in-flight count means nothing: failed requests hold no connection for a latency
            LittleCheck.check(e, t).ifPresent(out::add);
        }
        WorkCheck.check(e, t).ifPresent(out::add);
        if (out.isEmpty()) {
            out.add(new Verdict(VerdictCode.OK, "no finding: the number stands"));
        }
        out.sort(Comparator.comparing(Verdict::code));
        return List.copyOf(out);
    }

    static String pct(double fraction) {
        return String.format(java.util.Locale.ROOT, "%.1f%%", fraction * 100);
    }
}
