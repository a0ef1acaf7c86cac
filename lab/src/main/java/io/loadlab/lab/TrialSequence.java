package io.loadlab.lab;

import io.loadlab.core.UserError;
import io.loadlab.core.result.Ceiling;
import io.loadlab.core.result.DependencyWork;
import io.loadlab.core.result.Resources;
import io.loadlab.core.result.ServerFacts;
import io.loadlab.core.result.TrialResult;
import io.loadlab.core.result.ValidationResult;
import io.loadlab.core.result.Verdict;
import io.loadlab.core.result.VerdictCode;
import io.loadlab.lab.spec.TrialPlan;
import io.loadlab.lab.store.ResultsStore;
import io.loadlab.lab.trial.TrialRunner;
import java.io.IOException;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * Runs a suite's trials one after the other, fixed levels and capacity steps alike: each is numbered, run, stored and
 * announced. A trial that cannot run is stored as failed; once the suite is interrupted nothing more is stored.
 */
final class TrialSequence {
    private final TrialRunner runner;
    private final ResultsStore store;
    private final LabListener listener;
    private final int total;
    private int next = 1;
    private boolean stopped;

    TrialSequence(TrialRunner runner, ResultsStore store, LabListener listener, int total) {
        this.runner = runner;
        this.store = store;
        this.listener = listener;
        this.total = total;
    }

    /** The number the next trial gets (its id's prefix). */
    int nextIndex() {
        return next;
    }

    /** True once the suite was interrupted: no trial is stored after that. */
    boolean stopped() {
        return stopped;
    }

    /** Runs {@code p} (numbered {@link #nextIndex()}) and stores it; null when the suite was interrupted. */
    TrialResult run(TrialPlan p) throws IOException, InterruptedException {
        next = p.index() + 1;
        listener.trialStarted(p.index(), Math.max(total, p.index()), p);
        TrialResult r;
        try {
            r = runner.run(p);
        } catch (IOException | UserError e) {
            r = failed(p, e.getMessage());
        }
        if (!store.add(r)) {
            stopped = true;
            return null; // interrupted: the half-run trial is not kept
        }
        listener.trialFinished(p.index(), Math.max(total, p.index()), r);
        return r;
    }

    private static TrialResult failed(TrialPlan p, String why) {
        return new TrialResult(
                p.id(),
                p.key(),
                Instant.now().toString(),
                List.of(new Verdict(VerdictCode.ERRORS, "the trial could not run: " + why)),
                new ValidationResult(false, List.of(), why),
                null,
                Ceiling.NONE,
                ServerFacts.UNKNOWN,
                Resources.NONE,
                DependencyWork.NONE,
                Map.of(),
                null);
    }
}
