package io.loadlab.lab.verdict;

import io.loadlab.core.model.ConcurrencyModel;
import io.loadlab.core.result.Ceiling;
import io.loadlab.core.result.LoadLevel;
import io.loadlab.core.unit.Duration;
import io.loadlab.lab.spec.ScenarioKind;
import io.loadlab.lab.spec.ScenarioSpec;
import java.util.Locale;

/**
 * A trial's theoretical bounds, so that a plateau explains itself. When every request waits {@code d} (the delay or
 * the backend's delay), N closed-model connections cannot exceed N ÷ d (Little's law); in a mix, each connection's
 * cycle of {@code fast + slow} requests waits {@code slow × d}, so N connections cannot exceed
 * N × (fast + slow) ÷ (slow × d). The open model's bound is its target rate. A model whose design lets only c
 * requests wait at once (its threads) cannot exceed c ÷ d, whatever the load: that is its design cap. A scenario
 * file's d is the {@code wait} its suite declares; without one it has no ceiling, and says so.
 */
public final class Ceilings {
    /** A scenario file whose wait is unknown: what its requests cost is the user's server's own. */
    static final String NO_WAIT = "no ceiling: the scenario file's requests declare no wait (scenario: {type: file,"
            + " path: ..., wait: 100ms} bounds them by connections ÷ wait, and a server's cap by cap ÷ wait)";

    private Ceilings() {}

    /**
     * @param model the model of the catalog
     * @param knobs its settings (threads, pools), or null when unknown
     */
    public static Ceiling of(
            ScenarioSpec s, LoadLevel level, ConcurrencyModel model, ConcurrencyModel.Knobs knobs, Duration backend) {
        return of(s, level, WaitingCap.of(model, knobs), backend);
    }

    /** @param cap what the server's design lets wait at once, or null when nothing bounds it */
    public static Ceiling of(ScenarioSpec s, LoadLevel level, WaitingCap cap, Duration backend) {
        Duration wait = switch (s.kind()) {
            case DELAY, MIXED -> s.delay();
            case BACKEND -> backend;
            case FILE -> s.file().delay();
            default -> null;
        };
        boolean perConnectionMix = s.kind() == ScenarioKind.MIXED && s.mix().byConnection();
        if (wait == null || wait.nanos() == 0 || (perConnectionMix && level.rateRps() == null)) {
            if (level.rateRps() != null) {
                return new Ceiling(
                        level.rateRps(),
                        null,
                        String.format(Locale.ROOT, "target rate %.0f req/s", level.rateRps()),
                        null,
                        null);
            }
            String why = perConnectionMix
                    ? "fast connections are bound by CPU, slow ones by connections ÷ " + wait
                    : s.kind() == ScenarioKind.FILE ? NO_WAIT : "CPU-bound: no bound below the server's CPUs";
            return new Ceiling(null, null, why, null, null);
        }
        // requests per wait: 1 for delay and backend, (fast + slow) / slow for a mix whose every cycle waits slow × d
        double perWait = s.kind() == ScenarioKind.MIXED ? 1 / s.mix().slowShare() : 1;
        double sec = wait.toSeconds();
        Double floorMs = s.kind() == ScenarioKind.MIXED ? null : wait.nanos() / 1e6;
        double rps;
        String why;
        if (level.rateRps() != null) {
            rps = level.rateRps();
            why = String.format(Locale.ROOT, "target rate %.0f req/s", rps);
        } else {
            rps = level.connections() * s.perConnection() * perWait / sec;
            why = String.format(
                    Locale.ROOT,
                    "%d connections%s%s ÷ %s = %.0f req/s",
                    level.connections(),
                    s.perConnection() == 1 ? "" : " × " + s.perConnection() + " streams",
                    perWait == 1 ? "" : " × " + number(perWait) + " requests per slow wait",
                    wait,
                    rps);
        }
        if (cap == null || cap.count() == null) {
            return new Ceiling(rps, floorMs, cap == null ? why : why + "; " + cap.label(), null, null);
        }
        double design = cap.count() * perWait / sec;
        String designWhy = String.format(
                Locale.ROOT,
                "%s: %s%s ÷ %s = %.0f req/s",
                cap.model(),
                cap.label(),
                perWait == 1 ? "" : " × " + number(perWait) + " requests per slow wait",
                wait,
                design);
        return design < rps
                ? new Ceiling(rps, floorMs, why, design, designWhy)
                : new Ceiling(rps, floorMs, why, null, null);
    }

    private static String number(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : String.format(Locale.ROOT, "%.3g", v);
    }
}
