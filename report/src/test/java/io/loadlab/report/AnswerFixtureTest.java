package io.loadlab.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.loadlab.core.result.SuiteResults;
import io.loadlab.core.result.TrialResult;
import io.loadlab.core.result.VerdictCode;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The answers of the checked-in fixtures: each experiment's criterion, or the load model's default for schema 1. */
class AnswerFixtureTest {
    private final List<ExperimentAnswer> runA = Answers.of(Fixtures.results("run-a"), Fixtures.source("run-a"));

    private ExperimentAnswer answer(List<ExperimentAnswer> answers, String experiment, String load) {
        return answers.stream()
                .filter(a ->
                        a.experiment().equals(experiment) && a.load().label().equals(load))
                .findFirst()
                .orElseThrow();
    }

    @Test
    void oneAnswerPerExperimentAndLoadLevelInSuiteOrder() {
        assertThat(runA)
                .extracting(ExperimentAnswer::where)
                .containsExactly(
                        "rxjava-servers · delay at 10 conn",
                        "rxjava-servers · delay at 100 conn",
                        "rxjava-servers · delay at 1000 conn",
                        "c10k-backend · backend at 200 conn",
                        "spring-async-servlet · mixed at 1000 req/s",
                        "reactive-crud · crud at 10 conn");
    }

    @Test
    void sloFiltersTheFastestAndATieIsSeparatedByCpuPerRequest() {
        ExperimentAnswer a = answer(runA, "c10k-backend", "200 conn");
        assertThat(a.by().defaulted()).isFalse();
        assertThat(a.by().describe()).isEqualTo("highest goodput with p99 ≤ 200 ms (the experiment's criterion)");
        assertThat(a.best().model()).isEqualTo("netty");
        assertThat(a.runnerUp().model()).isEqualTo("vertx");
        assertThat(a.aboveSlo()).extracting(RankedModel::model).containsExactly("thread-per-connection");
        // thread-per-connection served the most, but its p99 broke the SLO
        assertThat(a.aboveSlo().get(0).value().mean())
                .isGreaterThan(a.best().value().mean());
        assertThat(a.decided()).isFalse();
        assertThat(a.headline())
                .startsWith("netty serves the most with p99 ≤ 200 ms: ")
                .contains("than vertx", "but the two are tied within noise (Welch p = ")
                .contains("over the per-second windows of one run each");
        assertThat(a.evidenceSentence())
                .startsWith("What separates them: netty used ")
                .contains("less server CPU per request");
    }

    @Test
    void warningsKeepTheNumberAndStarvedIsAFindingNotAWinner() {
        ExperimentAnswer a = answer(runA, "c10k-backend", "200 conn");
        RankedModel virtual = a.ranked().stream()
                .filter(m -> m.model().equals("virtual-threads"))
                .findFirst()
                .orElseThrow();
        assertThat(virtual.warningWords()).containsExactly("BELOW_CEILING");
        assertThat(a.ranked()).extracting(RankedModel::model).doesNotContain("single-thread");
        assertThat(a.notComparable()).singleElement().satisfies(n -> {
            assertThat(n.code()).isEqualTo(VerdictCode.STARVED);
            assertThat(n.finding()).isTrue();
            assertThat(n.words())
                    .isEqualTo("single-thread — a finding about the model (STARVED): 199 of 200 connections got no"
                            + " answer in the 6 s window: the server serves one connection at a time");
        });
        assertThat(a.headline()).doesNotContain("single-thread");
    }

    @Test
    void designCapsAndCeilingsAreNamedBesideTheNumber() {
        ExperimentAnswer a = answer(runA, "c10k-backend", "200 conn");
        RankedModel pool = a.ranked().get(a.ranked().size() - 1);
        assertThat(pool.model()).isEqualTo("thread-pool");
        assertThat(pool.bound()).isEqualTo("at its design cap (thread-pool: 100 threads ÷ 50ms = 2000 req/s)");
        assertThat(a.best().bound()).startsWith("at the workload's ceiling (200 connections ÷ 50ms");
    }

    @Test
    void openModelRankedByTheP99OfANamedRequest() {
        ExperimentAnswer a = answer(runA, "spring-async-servlet", "1000 req/s");
        assertThat(a.by().describe()).isEqualTo("lowest p99 of 'fast' (the experiment's criterion)");
        assertThat(a.best().model()).isEqualTo("servlet-async");
        assertThat(a.runnerUp().model()).isEqualTo("servlet-sync");
        assertThat(a.best().value().mean()).isLessThan(5);
        assertThat(a.decided()).isTrue();
        assertThat(a.headline())
                .startsWith("servlet-async has the lowest p99 of 'fast': ")
                .contains("× lower than servlet-sync", "— significant (Welch p = ", "over 3 + 3 repetitions");
        assertThat(a.evidenceSentence()).isNull();
    }

    @Test
    void withoutACriterionTheClosedModelRanksByThroughputAndInvalidTrialsAreNotComparable() {
        ExperimentAnswer a = answer(runA, "rxjava-servers", "1000 conn");
        assertThat(a.by().defaulted()).isTrue();
        assertThat(a.by().describe()).isEqualTo("highest goodput (the closed model's default)");
        assertThat(a.best().model()).isEqualTo("virtual-threads");
        assertThat(a.runnerUp().model()).isEqualTo("netty");
        assertThat(a.decided()).isTrue();
        assertThat(a.runnerUp().warningWords()).containsExactly("BELOW_CEILING in 3 of 3 runs");
        assertThat(a.notComparable())
                .extracting(NotComparable::words)
                .containsExactly("thread-per-connection — ERRORS: 4.1% of requests timed out (threshold 1%): 1,012"
                        + " threads could not be scheduled in time");
        assertThat(a.ranked()).extracting(RankedModel::model).doesNotContain("thread-per-connection");
    }

    @Test
    void oneRunOfANamedRequestIsTestedOverItsTaggedWindowsInTheHistogramLog() {
        SuiteResults all = Fixtures.results("run-a");
        List<TrialResult> firstRuns = all.trials().stream()
                .filter(t -> t.key().experiment().equals("spring-async-servlet")
                        && t.key().repetition() == 1)
                .toList();
        SuiteResults single = Fixtures.suite(all.experiments(), firstRuns);
        ExperimentAnswer a = Answers.of(single, Fixtures.source("run-a")).get(0);
        assertThat(a.significance().basis()).isEqualTo(Significance.WINDOWS);
        assertThat(a.decided()).isTrue();
        assertThat(a.headline()).contains("over the per-second windows of one run each");
        ExperimentAnswer withoutLogs = Answers.of(single, null).get(0);
        assertThat(withoutLogs.headline())
                .endsWith("significance unknown (one run each, and no per-second windows of 'fast' in a histogram"
                        + " log).");
    }

    @Test
    void aBrokenAppAloneLeavesNothingToRank() {
        ExperimentAnswer a = answer(runA, "reactive-crud", "10 conn");
        assertThat(a.best()).isNull();
        assertThat(a.headline()).isEqualTo("No valid trial at this load: nothing can be ranked.");
        assertThat(a.notComparable())
                .singleElement()
                .satisfies(n -> assertThat(n.code()).isEqualTo(VerdictCode.APP_BROKEN));
    }

    @Test
    void schemaOneResultsGroupByExperimentAndRankByTheDefault() {
        List<ExperimentAnswer> old = Answers.of(Fixtures.results("schema-1"), Fixtures.source("schema-1"));
        assertThat(old)
                .hasSize(5)
                .allSatisfy(a -> assertThat(a.by().defaulted()).isTrue());
        ExperimentAnswer mix = answer(old, "spring-async-servlet", "1000 conn");
        assertThat(mix.by().describe()).isEqualTo("highest goodput (the closed model's default)");
        assertThat(mix.best().model()).isEqualTo("servlet-async");
        assertThat(mix.headline()).contains("× more than servlet-sync");
        ExperimentAnswer top = answer(old, "rxjava-servers", "1000 conn");
        assertThat(top.best().model()).isEqualTo("virtual-threads");
        // schema 1 recorded the thread-pool's bound as the ceiling itself (no design cap), and it is named so
        assertThat(top.ranked().get(2).bound()).isEqualTo("at the workload's ceiling (100 threads ÷ 100 ms)");
    }
}
