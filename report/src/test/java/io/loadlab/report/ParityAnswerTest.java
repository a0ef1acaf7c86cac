package io.loadlab.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.loadlab.core.result.Ceiling;
import io.loadlab.core.result.ExperimentInfo;
import io.loadlab.core.result.LatencyStats;
import io.loadlab.core.result.LoadLevel;
import io.loadlab.core.result.ServerFacts;
import io.loadlab.core.result.SuiteResults;
import io.loadlab.core.result.TrialKey;
import io.loadlab.core.result.TrialResult;
import io.loadlab.core.result.Verdict;
import io.loadlab.core.result.VerdictCode;
import io.loadlab.core.settings.Limit;
import io.loadlab.core.settings.ServerSettings;
import io.loadlab.testkit.LoadReports;
import io.loadlab.testkit.SettingsFixtures;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The answer's PARITY warnings, from the trials' recorded server settings, in the terminal and the report. */
class ParityAnswerTest {
    private static TrialResult trial(String model, double rps, ServerSettings settings, Map<String, String> declared) {
        var load = LoadReports.closed()
                .requests((long) rps * 5, rps)
                .latency(new LatencyStats(1000, 5, 1, 1, 5, 5, 5, 10, 10, 10, 10))
                .build();
        return new TrialResult(
                model,
                new TrialKey("e", model, "backend", new LoadLevel(100, null), 1),
                null,
                List.of(new Verdict(VerdictCode.OK, "nothing found")),
                null,
                load,
                Ceiling.NONE,
                new ServerFacts(settings, declared, null, null, null),
                null,
                null,
                Map.of(),
                null);
    }

    private static ServerSettings pool(String model, int dbPool, int threads) {
        ServerSettings s = SettingsFixtures.complete(model);
        ServerSettings.Database d = s.database();
        return s.toBuilder()
                .database(new ServerSettings.Database(
                        d.client(), dbPool, d.statementCache(), d.transactions(), d.transactionControl(), null, null))
                .threads(new ServerSettings.Threads("pool", Limit.of(threads), 0, 2, Limit.of(0)))
                .build();
    }

    private static SuiteResults suite(TrialResult... trials) {
        ExperimentInfo info =
                new ExperimentInfo("e", "backend", "backend", List.of(), List.of(), Map.of(), null, null, null, null);
        return Fixtures.suite(List.of(info), List.of(trials));
    }

    @Test
    void modelsThatDifferInTheirDatabasePoolGetAParityWarningNamingIt() {
        SuiteResults r = suite(
                trial("servlet-sync", 2000, pool("servlet-sync", 10, 200), null),
                trial("netty", 9000, SettingsFixtures.complete("netty"), null));
        List<ExperimentAnswer> answers = Answers.of(r, null);
        assertThat(answers.get(0).parity()).containsExactly("PARITY: database.pool: servlet-sync 10, netty 16");
        assertThat(AnswerText.render(r, null)).contains("\n  PARITY: database.pool: servlet-sync 10, netty 16\n");
        StringBuilder html = new StringBuilder();
        AnswerHtml.answer(html, answers.get(0));
        assertThat(html).contains("<p class=\"parity\">PARITY: database.pool: servlet-sync 10, netty 16</p>");
    }

    @Test
    void aModelsOwnKnobIsNoParityDifference() {
        SuiteResults r = suite(
                trial("servlet-sync", 2000, pool("servlet-sync", 16, 200), null),
                trial("servlet-async", 9000, pool("servlet-async", 16, 16), null));
        assertThat(Answers.of(r, null).get(0).parity()).isEmpty();
        assertThat(AnswerText.render(r, null)).doesNotContain("PARITY");
    }

    @Test
    void twoVariantsOfAUserServerShowTheOneDeclaredSettingTheyDifferIn() {
        SuiteResults r = suite(
                trial("app-platform", 2000, null, Map.of("spring.threads.virtual.enabled", "false", "db_pool", "10")),
                trial("app-virtual", 9000, null, Map.of("spring.threads.virtual.enabled", "true", "db_pool", "10")));
        assertThat(Answers.of(r, null).get(0).parity())
                .containsExactly("PARITY: spring.threads.virtual.enabled: app-platform false, app-virtual true");
    }

    @Test
    void aUserServerThatReportsNoBacklogIsUnknownThere() {
        ServerSettings mine = SettingsFixtures.complete("mine").toBuilder().build();
        ServerSettings noBacklog = new ServerSettings(
                mine.schema(),
                "mine",
                mine.host(),
                mine.port(),
                mine.pid(),
                mine.scheme(),
                mine.protocol(),
                mine.software(),
                null,
                mine.keepAlive(),
                mine.threads(),
                mine.database(),
                mine.backendClient(),
                mine.jvm(),
                null);
        SuiteResults r = suite(
                trial("netty", 9000, SettingsFixtures.complete("netty"), null),
                trial("mine", 9000, noBacklog, Map.of()));
        assertThat(Answers.of(r, null).get(0).parity()).containsExactly("PARITY: backlog: netty 8192, mine unknown");
    }
}
