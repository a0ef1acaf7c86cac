package io.loadlab.core.settings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class SettingsRecordTest {
    @Test
    void whatTheWriterWritesTheReaderReadsBackEqual() {
        ServerSettings s = SettingsFixtures.complete("netty");
        String json = SettingsJson.write(s);
        assertThat(json).contains("\"keep_alive\":{\"max_requests\":\"unlimited\",\"idle_timeout_ms\":30000}");
        assertThat(SettingsReader.problems(json)).isEmpty();
        assertThat(SettingsReader.read(json)).isEqualTo(s);
    }

    @Test
    void theJsonConfigurationWritesWhatTheSettingsWriterWrites() {
        ServerSettings s = SettingsFixtures.complete("netty");
        assertThat(io.loadlab.core.Json.write(s)).isEqualTo(SettingsJson.write(s));
    }

    @Test
    void theSchemaIsTheRecordsLeavesWithTheirRoles() {
        List<String> paths =
                SettingsSchema.fields().stream().map(SettingsSchema.Field::path).toList();
        assertThat(paths)
                .contains(
                        "backlog",
                        "keep_alive.max_requests",
                        "keep_alive.idle_timeout_ms",
                        "threads.event_loops",
                        "database.pool",
                        "database.statement_cache",
                        "database.transactions.read",
                        "database.transactions.write",
                        "backend_client.max_connections",
                        "jvm.initial_heap_bytes",
                        "jvm.max_heap_bytes",
                        "jvm.gc",
                        "jvm.flags",
                        "software.framework");
        assertThat(SettingsSchema.field("pid").compared()).isFalse();
        assertThat(SettingsSchema.field("software.server").compared()).isFalse();
        assertThat(SettingsSchema.field("keep_alive.max_requests").compared()).isTrue();
        assertThat(SettingsSchema.field("threads.event_loops").role()).isEqualTo(Setting.Role.COMPARED_WHERE_PRESENT);
        assertThat(SettingsSchema.field("database.url").optional()).isTrue();
    }

    @Test
    void aMissingFieldAndAWronglyTypedOneAreNamed() {
        ServerSettings s = SettingsFixtures.complete("netty");
        String noCache = SettingsJson.write(s.toBuilder()
                .database(new ServerSettings.Database(
                        "x", 16, null, ServerSettings.Transactions.PER_STATEMENT, "autocommit", null, null))
                .build());
        assertThat(SettingsReader.problems(noCache)).containsExactly("database.statement_cache: missing");
        String noKeepAlive =
                SettingsJson.write(s.toBuilder().keepAlive(null, null).build()).replace("\"keep_alive\":{},", "");
        assertThat(SettingsReader.problems(noKeepAlive)).containsExactly("keep_alive: missing");
        String textBacklog = SettingsJson.write(s).replace("\"backlog\":8192", "\"backlog\":\"8192\"");
        assertThat(SettingsReader.problems(textBacklog))
                .containsExactly("backlog: expected a whole number, got \"8192\"");
        assertThatThrownBy(() -> SettingsReader.read(textBacklog))
                .hasMessageContaining("backlog: expected a whole number");
        assertThat(SettingsReader.problems("[1]")).containsExactly("not a JSON object");
    }

    @Test
    void aPartialAnswerReadsWithTheRestUnknown() {
        ServerSettings s = SettingsReader.read("{\"schema\":1,\"model\":\"mine\",\"backlog\":100}");
        assertThat(s.backlog()).isEqualTo(100);
        assertThat(s.keepAlive()).isNull();
        assertThat(SettingsSchema.missing(s))
                .contains("keep_alive", "database", "jvm")
                .doesNotContain("backlog");
    }

    @Test
    void aLimitIsANumberOrUnlimitedAndNothingElse() {
        assertThat(Limit.parse("unlimited").unlimited()).isTrue();
        assertThat(Limit.parse("100").value()).isEqualTo(100);
        assertThatThrownBy(() -> Limit.parse("-1")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Limit.parse("lots")).hasMessageContaining("unlimited");
        String negative = SettingsJson.write(SettingsFixtures.complete("netty"))
                .replace("\"idle_timeout_ms\":30000", "\"idle_timeout_ms\":-1");
        assertThat(SettingsReader.problems(negative))
                .containsExactly("keep_alive.idle_timeout_ms: expected a whole number or 'unlimited', got -1");
    }
}
