package io.loadlab.lab.verdict;

import io.loadlab.core.result.DependencyWork;
import io.loadlab.core.result.Verdict;
import io.loadlab.core.result.VerdictCode;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * DEPENDENCY_FAILED: a process the lab started for the trial — the backend, PostgreSQL, a load generator or agent —
 * exited or stopped answering while the trial ran, and not as the fault the experiment causes on purpose. Whatever the
 * server did then, it did without its dependency: no number of the trial stands, and the reason names the dependency
 * and the moment. The lab starts it again before the next trial.
 */
final class DependencyFailedCheck {
    private DependencyFailedCheck() {}

    static Optional<Verdict> check(Evidence e) {
        DependencyWork w = e.work();
        if (w == null || w.failures() == null || w.failures().isEmpty()) {
            return Optional.empty();
        }
        String what = w.failures().stream().map(DependencyWork.Failure::text).collect(Collectors.joining("; "));
        boolean served = w.failures().stream().anyMatch(f -> !f.loadGenerator());
        return Optional.of(new Verdict(
                VerdictCode.DEPENDENCY_FAILED,
                what
                        + (served
                                ? ": the server worked without it, so no figure of this trial stands; the lab starts it"
                                        + " again fresh before the next trial (its log is in the results directory's"
                                        + " dependencies/)"
                                : ": the window was not measured to its end, so no figure of this trial stands; every"
                                        + " trial starts its load generator afresh (its log is in the trial's"
                                        + " directory)")));
    }
}
