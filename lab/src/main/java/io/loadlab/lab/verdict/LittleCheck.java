package io.loadlab.lab.verdict;

import io.loadlab.core.result.LoadReport;
import io.loadlab.core.result.Verdict;
import io.loadlab.core.result.VerdictCode;
import io.loadlab.lab.spec.Thresholds;
import java.util.Locale;
import java.util.Optional;

/**
 * LITTLE_MISMATCH (closed model only): by Little's law, N connections each waiting for its answer hold
 * N = throughput × mean latency. A gap beyond {@code little} means connections sat idle (reconnecting, stalled in
 * the load generator) or latency was mis-measured. Skipped when errors or rejections are above the error threshold:
 * the time spent reconnecting after a {@code Connection: close} is in no latency, so the law cannot be checked.
 */
final class LittleCheck {
    private LittleCheck() {}

    static Optional<Verdict> check(Evidence e, Thresholds t) {
        LoadReport r = e.load();
        if (r == null || r.run().targetRps() != null || e.level().rateRps() != null || r.latencyMs() == null) {
            return Optional.empty();
        }
        long attempts = e.attempts();
        long failed = r.errors() == null ? 0 : r.errors().total();
        if (attempts == 0 || failed / (double) attempts > t.errors()) {
            return Optional.empty();
        }
        int n = r.run().connections() > 0 ? r.run().connections() : e.level().connections();
        double inFlight = r.throughput().rps() * r.latencyMs().mean() / 1000.0;
        double gap = Math.abs(n - inFlight) / n;
        if (gap <= t.little()) {
            return Optional.empty();
        }
        return Optional.of(new Verdict(
                VerdictCode.LITTLE_MISMATCH,
                String.format(
                        Locale.ROOT,
                        "%d connections but throughput × mean latency = %.0f × %.2f ms = %.1f in flight (%.0f%% off,"
                                + " limit %.0f%%): connections sat idle or were not all open; check the load"
                                + " generator's connect errors and the server's backlog",
                        n,
                        r.throughput().rps(),
                        r.latencyMs().mean(),
                        inFlight,
                        gap * 100,
                        t.little() * 100)));
    }
}
