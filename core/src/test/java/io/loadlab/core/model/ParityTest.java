package io.loadlab.core.model;

import static org.assertj.core.api.Assertions.assertThat;

import io.loadlab.core.Defaults;
import io.loadlab.core.settings.Limit;
import io.loadlab.core.settings.ServerSettings;
import io.loadlab.core.settings.SettingsFixtures;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ParityTest {
    private static ServerSettings server(String model, int dbPool, List<String> flags) {
        ServerSettings s = SettingsFixtures.complete(model);
        ServerSettings.Database d = s.database();
        ServerSettings.Jvm j = s.jvm();
        return s.toBuilder()
                .database(new ServerSettings.Database(
                        d.client(), dbPool, d.statementCache(), d.transactions(), d.transactionControl(), null, null))
                .jvm(new ServerSettings.Jvm(j.version(), j.vendor(), 1, 1L << 30, 1L << 30, "G1", flags))
                .build();
    }

    private static List<String> texts(Map<String, ServerSettings> s) {
        return Parity.of(s, Map.of(), (m, k) -> false).stream()
                .map(Parity.Difference::text)
                .toList();
    }

    @Test
    void aDatabasePoolDifferenceIsNamedWithEachModelsValue() {
        Map<String, ServerSettings> s = new LinkedHashMap<>();
        s.put("spring-mvc", server("spring-mvc", 10, List.of("-Xss1m")));
        s.put("netty", server("netty", 16, List.of("-Xss1m", "-agentpath:/x.so")));
        assertThat(texts(s)).containsExactly("database.pool: spring-mvc 10, netty 16");
    }

    @Test
    void aKeepAliveCapIsNamedAsTheIssueOfAFairRankingItIs() {
        Map<String, ServerSettings> s = new LinkedHashMap<>();
        s.put(
                "tomcat",
                server("tomcat", 16, List.of()).toBuilder()
                        .keepAlive(Limit.of(100), Limit.of(30_000))
                        .build());
        s.put("netty", server("netty", 16, List.of()));
        assertThat(texts(s)).containsExactly("keep_alive.max_requests: tomcat 100, netty unlimited");
    }

    @Test
    void theLabsOwnGcLogFlagIsNoDifferenceThoughEveryTrialLogsToItsOwnFile() {
        List<String> a = Defaults.gcLogFlags(Path.of("/r/trials/001-netty/server.gc.log"));
        List<String> b = Defaults.gcLogFlags(Path.of("/r/trials/002-vertx/server.gc.log"));
        assertThat(Defaults.isGcLogFlag(a.get(0))).isTrue();
        Map<String, ServerSettings> s = new LinkedHashMap<>();
        s.put("netty", server("netty", 16, a));
        s.put("vertx", server("vertx", 16, b));
        assertThat(texts(s)).isEmpty();
        // a flag of the user's beside it still is one
        s.put("vertx", server("vertx", 16, List.of(b.get(0), "-Xlog:gc:file=/tmp/mine.log")));
        assertThat(texts(s)).containsExactly("jvm.flags: netty [], vertx [-Xlog:gc:file=/tmp/mine.log]");
    }

    @Test
    void aModelsOwnKnobIsNoDifference() {
        Map<String, ServerSettings> s = new LinkedHashMap<>();
        s.put("netty", server("netty", 16, List.of()));
        s.put(
                "vertx",
                server("vertx", 16, List.of()).toBuilder()
                        .threads(new ServerSettings.Threads("event-loop", Limit.of(2), 2, 0, Limit.of(0)))
                        .build());
        assertThat(texts(s)).containsExactly("threads.event_loops: netty 1, vertx 2");
        assertThat(Parity.of(s, Map.of(), (m, k) -> k.equals("threads.event_loops")))
                .isEmpty();
    }

    @Test
    void eventLoopsAreComparedOnlyAmongTheModelsThatHaveThem() {
        Map<String, ServerSettings> s = new LinkedHashMap<>();
        s.put("netty", server("netty", 16, List.of()));
        s.put(
                "tomcat",
                server("tomcat", 16, List.of()).toBuilder()
                        .threads(new ServerSettings.Threads("pool", Limit.of(200), 0, 2, Limit.of(0)))
                        .build());
        assertThat(texts(s)).isEmpty();
    }

    @Test
    void aFieldOneServerDoesNotReportIsUnknownNeverEqual() {
        Map<String, ServerSettings> s = new LinkedHashMap<>();
        s.put("netty", server("netty", 16, List.of()));
        s.put("mine", server("mine", 16, List.of()).toBuilder().backlog(0).build());
        s.put(
                "mine",
                new ServerSettings(
                        1, "mine", null, null, null, null, null, null, null, null, null, null, null, null, null));
        assertThat(texts(s)).contains("backlog: netty 8192, mine unknown", "database.pool: netty 16, mine unknown");
    }

    @Test
    void aServerThatReportsNothingIsOneLineNotOnePerField() {
        Map<String, ServerSettings> s = new LinkedHashMap<>();
        s.put("netty", server("netty", 16, List.of()));
        s.put("mine", null);
        assertThat(texts(s)).containsExactly("settings: mine unknown");
    }

    @Test
    void aDeclaredSettingIsComparedByNameAndAFieldsPathStandsForTheField() {
        Map<String, ServerSettings> users = new LinkedHashMap<>();
        users.put("mine-platform", null);
        users.put("mine-virtual", null);
        Map<String, Map<String, String>> declared =
                Map.of("mine-platform", Map.of(), "mine-virtual", Map.of("spring.threads.virtual.enabled", "true"));
        assertThat(Parity.of(users, declared, (m, k) -> false).stream().map(Parity.Difference::text))
                .containsExactly("spring.threads.virtual.enabled: mine-platform (not set), mine-virtual true");
        Map<String, ServerSettings> mixed = new LinkedHashMap<>();
        mixed.put("netty", server("netty", 16, List.of()));
        mixed.put("mine", server("mine", 16, List.of()));
        assertThat(Parity.of(mixed, Map.of("mine", Map.of("database.pool", "10")), (m, k) -> false).stream()
                        .map(Parity.Difference::text))
                .containsExactly("database.pool: netty 16, mine 10");
    }
}
