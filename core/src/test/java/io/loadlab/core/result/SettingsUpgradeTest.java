package io.loadlab.core.result;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.loadlab.core.Json;
import io.loadlab.core.settings.Limit;
import io.loadlab.core.settings.ServerSettings;
import org.junit.jupiter.api.Test;

/**
 * A schema 2 results file kept a trial's server settings as a free map: read today, each key whose meaning is a field
 * of the settings record lands there, the rest in {@code own}, a user's declared settings beside them, and what schema
 * 2 never recorded stays unknown.
 */
class SettingsUpgradeTest {
    private static final String SCHEMA_2 = """
            {"schema_version": 2, "suite": "s", "status": "complete", "trials": [{
              "id": "t", "key": {"experiment": "e", "model": "servlet-sync", "scenario": "crud",
                                 "load": {"connections": 10}, "repetition": 1},
              "server": {"settings": {
                "model": "servlet-sync", "host": "127.0.0.1", "port": 4242, "pid": 99, "scheme": "http",
                "protocol": "http/1.1", "backlog": 8192, "max_threads": 200, "acceptors": 1,
                "db_pool": 16, "db": {"client": "jdbc+hikaricp", "url": "postgresql://h/db", "server_version": "17.2"},
                "backend_client": "jetty HttpClient, blocking send", "backend_max_connections": 9872,
                "idle_timeout_ms": 30000,
                "jvm": {"version": "25", "vendor": "Eclipse Adoptium", "available_processors": 1,
                        "max_heap_bytes": 6442450944, "gc": "Copy, MarkSweepCompact", "flags": ["-Xss1m"]},
                "declared": {"spring.threads.virtual.enabled": "true"}}}}]}""";

    @Test
    void aSchemaTwoMapIsReadIntoTheRecordWithTheRestUnknown() throws Exception {
        ObjectNode root = (ObjectNode) Json.mapper().readTree(SCHEMA_2);
        SuiteResults r = Json.mapper().treeToValue(ResultsUpgrade.toCurrent(root), SuiteResults.class);
        assertThat(r.schemaVersion()).isEqualTo(SuiteResults.SCHEMA_VERSION);
        ServerFacts server = r.trials().get(0).server();
        ServerSettings s = server.settings();
        assertThat(s.schema()).isZero();
        assertThat(s.model()).isEqualTo("servlet-sync");
        assertThat(s.port()).isEqualTo(4242);
        assertThat(s.backlog()).isEqualTo(8192);
        assertThat(s.threads().requestThreads()).isEqualTo(Limit.of(200));
        assertThat(s.database().pool()).isEqualTo(16);
        assertThat(s.database().serverVersion()).isEqualTo("17.2");
        assertThat(s.database().statementCache()).as("never recorded: unknown").isNull();
        assertThat(s.backendClient().maxConnections()).isEqualTo(Limit.of(9872));
        assertThat(s.keepAlive().idleTimeoutMs()).isEqualTo(Limit.of(30_000));
        assertThat(s.keepAlive().maxRequests()).isNull();
        assertThat(s.jvm().maxHeapBytes()).isEqualTo(6442450944L);
        assertThat(s.jvm().gc()).isEqualTo("Copy, MarkSweepCompact");
        assertThat(s.own()).containsEntry("acceptors", "1").doesNotContainKey("declared");
        assertThat(server.declared()).containsEntry("spring.threads.virtual.enabled", "true");
    }
}
