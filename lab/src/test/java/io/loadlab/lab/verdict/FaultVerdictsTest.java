package io.loadlab.lab.verdict;

import static io.loadlab.lab.verdict.Trial.clean;
import static org.assertj.core.api.Assertions.assertThat;

import io.loadlab.core.result.AnswerChecks;
import io.loadlab.core.result.DependencyWork;
import io.loadlab.core.result.ErrorCategory;
import io.loadlab.core.result.ErrorCounts;
import io.loadlab.core.result.IntervalStats;
import io.loadlab.core.result.LoadLevel;
import io.loadlab.core.result.VerdictCode;
import io.loadlab.core.unit.Duration;
import io.loadlab.lab.spec.Fault;
import io.loadlab.lab.spec.Overload;
import io.loadlab.lab.spec.ScenarioKind;
import io.loadlab.lab.spec.ScenarioSpec;
import io.loadlab.testkit.LoadReports;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * An error by any name is an error, a dependency that died refuses the trial, and a fault the lab caused on purpose is
 * judged by whether the model came back: known answers for each.
 */
class FaultVerdictsTest {
    private static final ScenarioSpec CRUD = ScenarioSpec.of(ScenarioKind.CRUD);

    /** A fixed-rate crud trial at 200 req/s for 20 s: 4,000 answers, {@code said} of them 503s saying {@code answers}. */
    private static Trial crud503(long said, AnswerChecks answers) {
        return clean().scenario(CRUD)
                .level(new LoadLevel(20, 200.0))
                .load(LoadReports.open(200)
                        .connections(20)
                        .duration(20)
                        .requests(4_000, 200)
                        .goodput(4_000 - said, (4_000 - said) / 20.0)
                        .errors(ErrorCounts.of(ErrorCategory.STATUS, said))
                        .status(Map.of("200", 4_000 - said, "503", said))
                        .answers(answers)
                        .build());
    }

    @Test
    void a503NamingTheDatabaseAtAFixedRateIsAnErrorNotAShed() {
        // the database died 2 s in: 90% of the answers were 503 {"error":"database: ..."}, fast, so p99 looked fine
        Trial t = crud503(3_600, new AnswerChecks(6, 0, 0, 3_600, 0));
        assertThat(t.evidence().rejections()).isZero();
        assertThat(t.codes()).contains(VerdictCode.ERRORS);
        assertThat(t.reason(VerdictCode.ERRORS))
                .contains(
                        "3600 of 4000 requests failed",
                        "3600 status 503",
                        "of the 5xx answers, 3600 named the" + " database");
        assertThat(t.judge().stream().anyMatch(v -> v.code().invalidates()))
                .as("refused, so never ranked")
                .isTrue();
    }

    @Test
    void a503ThatSaysWhenToRetryIsAShedAtAnyLoad() {
        Trial t = crud503(3_600, new AnswerChecks(6, 0, 3_600, 0, 0));
        assertThat(t.evidence().rejections()).isEqualTo(3_600);
        assertThat(t.codes()).doesNotContain(VerdictCode.ERRORS);
    }

    @Test
    void inAnOverloadExperimentA503IsAShedUnlessItNamesADependency() {
        Trial plain = crud503(3_600, new AnswerChecks(6, 0, 0, 0, 0)).overload(true);
        assertThat(plain.evidence().rejections()).isEqualTo(3_600);
        assertThat(plain.codes()).doesNotContain(VerdictCode.ERRORS);

        Trial named = crud503(3_600, new AnswerChecks(6, 0, 0, 3_000, 0)).overload(true);
        assertThat(named.evidence().rejections()).isEqualTo(600);
        assertThat(named.reason(VerdictCode.ERRORS)).contains("3000 status 503", "3000 named the database");

        Trial outside = crud503(3_600, new AnswerChecks(6, 0, 0, 0, 0));
        assertThat(outside.evidence().rejections())
                .as("a plain 503 at a load the server should carry")
                .isZero();
        assertThat(outside.codes()).contains(VerdictCode.ERRORS);
    }

    @Test
    void resultsWrittenBeforeAnswersWereReadKeepEvery503AsAShed() {
        Trial t = crud503(3_600, null);
        assertThat(t.evidence().rejections()).isEqualTo(3_600);
    }

    /** 4,000 answers in 20 s, every one a 200, but 30% of them after the timeout: answered, not good. */
    private static Trial late() {
        return clean().scenario(CRUD)
                .level(new LoadLevel(20, 200.0))
                .load(LoadReports.open(200)
                        .connections(20)
                        .duration(20)
                        .requests(4_000, 200)
                        .goodput(2_800, 140)
                        .status(Map.of("200", 4_000L))
                        .build());
    }

    @Test
    void aFixedLoadTrialWhoseGoodputFallsShortIsRefusedWhateverItsStatuses() {
        Trial t = late();
        assertThat(t.codes()).contains(VerdictCode.ERRORS);
        assertThat(t.reason(VerdictCode.ERRORS))
                .startsWith(
                        "goodput 140.0 req/s is 70.0% of the 200.0 req/s answered (at least 99.0% must succeed in time)");
        assertThat(late().overload(true).codes())
                .as("past the knee, late answers are what is measured")
                .doesNotContain(VerdictCode.ERRORS);
    }

    @Test
    void aDependencyThatDiedRefusesTheTrialAloneAndNamesItAndWhen() {
        Trial t = crud503(3_574, new AnswerChecks(6, 0, 0, 3_574, 0))
                .work(new DependencyWork(null, null)
                        .with(
                                List.of(new DependencyWork.Failure("PostgreSQL", 12.0, "exited (killed by signal 9)")),
                                null));
        assertThat(t.codes()).containsExactly(VerdictCode.DEPENDENCY_FAILED);
        assertThat(t.reason(VerdictCode.DEPENDENCY_FAILED))
                .startsWith("PostgreSQL exited (killed by signal 9) at 12.0 s of the window: the server worked without"
                        + " it");
        assertThat(VerdictCode.DEPENDENCY_FAILED.invalidates()).isTrue();

        Trial warmup = clean().work(DependencyWork.NONE.with(
                List.of(new DependencyWork.Failure("the load generator", -2.5, "exited with status 1")), null));
        assertThat(warmup.reason(VerdictCode.DEPENDENCY_FAILED))
                .startsWith("the load generator exited with status 1 2.5 s before the window, in the warm-up");
    }

    /** A kill of PostgreSQL at 5 s, back at 6 s, goodput per second as given (200 req/s before). */
    private static Trial fault(long[] goodput, DependencyWork.Outage outage) {
        Fault f = new Fault(Fault.Target.POSTGRES, Fault.Action.KILL, Duration.ofSeconds(5), null);
        List<IntervalStats> iv = new ArrayList<>();
        long good = 0;
        for (int i = 0; i < goodput.length; i++) {
            iv.add(new IntervalStats(i + 1, 200, 200, 1, 2, 3, 200 - goodput[i], goodput[i]));
            good += goodput[i];
        }
        return clean().scenario(CRUD.withOverload(new Overload(0, null, null, null, f)))
                .level(new LoadLevel(20, 200.0))
                .load(LoadReports.open(200)
                        .connections(20)
                        .duration(goodput.length)
                        .requests(200L * goodput.length, 200)
                        .goodput(good, good / (double) goodput.length)
                        .intervals(iv)
                        .build())
                .work(DependencyWork.NONE.with(null, outage));
    }

    private static final DependencyWork.Outage BACK =
            new DependencyWork.Outage("PostgreSQL killed (SIGKILL) and restarted", 5.0, 6.0);

    @Test
    void aModelBackTwoSecondsAfterTheDatabaseRecovered() {
        Trial t = fault(new long[] {200, 200, 200, 200, 200, 0, 60, 190, 200, 200, 200, 200, 200, 200}, BACK);
        assertThat(t.codes()).containsExactly(VerdictCode.OK);
        assertThat(t.reason(VerdictCode.OK)).isEqualTo("recovered after the fault: the number stands");
        var m = Verdicts.metastability(t.evidence());
        assertThat(m.cause()).isEqualTo("PostgreSQL killed (SIGKILL) and restarted");
        assertThat(m.errorsDuring()).as("the second of the outage").isEqualTo(200);
        assertThat(m.recoveryS())
                .as("back at 90% in the second from 7 s, a second after PostgreSQL answered again")
                .isEqualTo(1.0);
    }

    @Test
    void aModelThatNeverComesBackIsNoRecovery() {
        Trial t = fault(new long[] {200, 200, 200, 200, 200, 0, 0, 0, 0, 0, 0, 0, 0, 0}, BACK);
        assertThat(t.codes()).containsExactly(VerdictCode.NO_RECOVERY);
        assertThat(t.reason(VerdictCode.NO_RECOVERY))
                .contains(
                        "after PostgreSQL killed (SIGKILL) and restarted", "never returned to 90% of its 200.0 req/s");
        assertThat(VerdictCode.NO_RECOVERY.aboutTheModel())
                .as("a finding about the model, not a broken run")
                .isTrue();
    }

    @Test
    void aDependencyThatNeverAnsweredAgainOrAFaultNeverCausedRefusesTheTrial() {
        Trial gone = fault(
                new long[] {200, 200, 200, 200, 200, 0, 0, 0, 0, 0},
                new DependencyWork.Outage("PostgreSQL killed (SIGKILL) and restarted", 5.0, null));
        assertThat(gone.reason(VerdictCode.DEPENDENCY_FAILED))
                .contains("did not answer again within 10s: the trial measured no recovery");
        Trial never = fault(new long[] {200, 200, 200}, null);
        assertThat(never.reason(VerdictCode.DEPENDENCY_FAILED)).contains("was not caused");
    }
}
