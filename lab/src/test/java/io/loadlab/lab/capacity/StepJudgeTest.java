package io.loadlab.lab.capacity;

import static org.assertj.core.api.Assertions.assertThat;

import io.loadlab.core.result.CapacityGoal;
import io.loadlab.core.result.CapacityStep;
import io.loadlab.core.result.Ceiling;
import io.loadlab.core.result.DependencyWork;
import io.loadlab.core.result.ErrorCategory;
import io.loadlab.core.result.ErrorCounts;
import io.loadlab.core.result.LoadLevel;
import io.loadlab.core.result.LoadReport;
import io.loadlab.core.result.Resources;
import io.loadlab.core.result.ServerFacts;
import io.loadlab.core.result.TrialKey;
import io.loadlab.core.result.TrialResult;
import io.loadlab.core.result.ValidationResult;
import io.loadlab.core.result.Verdict;
import io.loadlab.core.result.VerdictCode;
import io.loadlab.testkit.LoadReports;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class StepJudgeTest {
    static final CapacityGoal GOAL = CapacityGoals.parse("p99<100ms", null, "100", null, null, null, 100);

    static TrialResult trial(LoadReport load, VerdictCode... codes) {
        List<Verdict> verdicts = codes.length == 0
                ? List.of(new Verdict(VerdictCode.OK, "nothing found"))
                : List.of(codes).stream().map(c -> new Verdict(c, "because")).toList();
        return new TrialResult(
                "t",
                new TrialKey("e", "m", "delay", new LoadLevel(100, 1000.0), 1),
                "now",
                verdicts,
                new ValidationResult(true, List.of(), null),
                load,
                Ceiling.NONE,
                ServerFacts.UNKNOWN,
                Resources.NONE,
                DependencyWork.NONE,
                Map.of(),
                null);
    }

    static LoadReports healthy() {
        return LoadReports.open(1000).duration(5).requests(5000, 1000).latency(LoadReports.latency(20));
    }

    static CapacityStep judge(TrialResult t) {
        return StepJudge.judge("t", 1000, t, GOAL);
    }

    @Test
    void aStepUnderTheObjectiveWithNothingWrongPasses() {
        assertThat(judge(trial(healthy().build())).outcome()).isEqualTo(CapacityStep.PASS);
    }

    @Test
    void eachConditionFailsAStepOnItsOwn() {
        assertThat(judge(trial(healthy().latency(LoadReports.latency(80)).build()))
                        .why())
                .contains("p99 160.0 ms");
        assertThat(judge(trial(healthy()
                                .errors(ErrorCounts.of(ErrorCategory.TIMEOUT, 50))
                                .build()))
                        .why())
                .contains("errors");
        assertThat(judge(trial(healthy().requests(4000, 800).build())).why()).contains("answered 800 of 1000");
        assertThat(judge(trial(healthy().unfinished(500, 90).build())).why()).contains("backlog grew");
        assertThat(judge(trial(healthy().build(), VerdictCode.STARVED)).outcome())
                .isEqualTo(CapacityStep.FAIL);
        assertThat(judge(trial(healthy().build(), VerdictCode.NOT_STEADY)).outcome())
                .isEqualTo(CapacityStep.PASS);
    }

    @Test
    void connectionsThatRanOutWhileTheServerKeptTheObjectiveAreTheLabsLimitNotTheModels() {
        // 100 connections of 100 ms requests cannot offer 1,000 req/s: requests wait in the load generator (their wait
        // is in the latency, 80 ms × 2 at p99) while the server answers each within 20 ms × 2 from its send
        TrialResult capped = trial(healthy()
                .latency(LoadReports.latency(80))
                .service(LoadReports.latency(20))
                .delayed(1200)
                .build());
        CapacityStep s = judge(capped);
        assertThat(s.outcome()).isEqualTo(CapacityStep.LAB_LIMIT);
        assertThat(s.why())
                .contains("the load generator's 100 connections ran out first: 1200 requests waited")
                .contains("raise -c");
        // the server itself answered too slowly: its connections filled because of it, a failure of the model
        assertThat(judge(trial(healthy()
                                .latency(LoadReports.latency(80))
                                .service(LoadReports.latency(70))
                                .delayed(1200)
                                .build()))
                        .outcome())
                .isEqualTo(CapacityStep.FAIL);
    }

    @Test
    void whatTheLabCouldNotMeasureIsNotTheModelsFailure() {
        assertThat(judge(trial(healthy().build(), VerdictCode.LOADGEN_SATURATED))
                        .outcome())
                .isEqualTo(CapacityStep.LAB_LIMIT);
        assertThat(judge(trial(healthy().build(), VerdictCode.DEPENDENCY_BOUND)).why())
                .startsWith("a dependency ran out first");
        assertThat(judge(trial(null, VerdictCode.APP_BROKEN)).outcome()).isEqualTo(CapacityStep.BROKEN);
    }
}
