package io.loadlab.lab.verdict;

import io.loadlab.core.result.ConnectionFairness;
import io.loadlab.core.result.LoadReport;
import io.loadlab.core.result.Verdict;
import io.loadlab.core.result.VerdictCode;
import io.loadlab.lab.spec.Thresholds;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * LITTLE_MISMATCH (closed model only): by Little's law, N connections that each always wait for an answer hold
 * N = throughput × mean latency requests in flight. A gap beyond {@code little} means the connections did not all
 * wait for answers all the time; the reason says what was measured and lists the likely causes, the one the evidence
 * points at first. Skipped when errors are above their threshold (failed requests hold no connection for a latency).
 */
final class LittleCheck {
    private LittleCheck() {}

    static Optional<Verdict> check(Evidence e, Thresholds t) {
        LoadReport r = e.load();
        if (r == null || !e.closed() || r.run().targetRps() != null || r.latencyMs() == null) {
            return Optional.empty();
        }
        long attempts = r.attempts();
        if (attempts == 0 || r.errors().total() / (double) attempts > t.errors()) {
            return Optional.empty();
        }
        // HTTP/2: each connection carries up to max_streams requests at once
        int n = r.run().connections()
                * (r.run().maxStreams() == null ? 1 : r.run().maxStreams());
        double inFlight = r.throughput().rps() * r.latencyMs().mean() / 1000.0;
        double gap = Math.abs(n - inFlight) / n;
        if (gap <= t.little()) {
            return Optional.empty();
        }
        return Optional.of(new Verdict(
                VerdictCode.LITTLE_MISMATCH,
                String.format(
                        Locale.ROOT,
                        "%d connections should hold throughput × mean latency in flight, but %.0f req/s × %.2f ms ="
                                + " %.1f (%.0f%% off, limit %.0f%%); likely, in order: %s",
                        n,
                        r.throughput().rps(),
                        r.latencyMs().mean(),
                        inFlight,
                        gap * 100,
                        t.little() * 100,
                        String.join("; ", causes(e, inFlight < n)))));
    }

    /** The likely causes, the one the evidence supports first. */
    static List<String> causes(Evidence e, boolean tooFew) {
        LoadReport r = e.load();
        List<String> out = new ArrayList<>();
        ConnectionFairness f = r.connections() == null ? null : r.connections().fairness();
        String waiting = "connections waited for answers that did not come in the window (per-connection: "
                + (f == null ? "unknown" : f.completedNone() + " of " + f.connections() + " completed nothing") + ")";
        String reconnecting = "the server closed connections and the load generator reconnected, time that is in no"
                + " latency (" + e.rejections() + " rejections)";
        String loadgen = "the load generator was too busy to send at once (its CPU)";
        String connects = "connections were not all open (see connect errors)";
        if (!tooFew) {
            out.add("latency was measured longer than the server held the requests (a clock or queueing in the load"
                    + " generator)");
            out.add(loadgen);
            return out;
        }
        if (f != null && f.completedNone() > 0) {
            out.add(waiting);
        }
        if (e.rejections() > 0) {
            out.add(reconnecting);
        }
        out.add(loadgen);
        if (f == null || f.completedNone() == 0) {
            out.add(waiting);
        }
        if (e.rejections() == 0) {
            out.add(reconnecting);
        }
        out.add(connects);
        return out;
    }
}
