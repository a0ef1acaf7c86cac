package io.loadlab.core.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.core.Defaults;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ParityTest {
    private static Map<String, Object> server(int dbPool, long heap, List<String> flags) {
        return Map.of("db_pool", dbPool, "jvm", Map.of("max_heap_bytes", heap, "flags", flags, "gc", "G1"));
    }

    @Test
    void aDatabasePoolDifferenceIsNamedWithEachModelsValue() {
        Map<String, Map<String, Object>> s = new LinkedHashMap<>();
        s.put("spring-mvc", server(10, 1 << 30, List.of("-Xss1m")));
        s.put("netty", server(16, 1 << 30, List.of("-Xss1m", "-agentpath:/x.so")));
        List<Parity.Difference> d = Parity.of(s, Map.of(), (m, k) -> false);
        assertEquals(1, d.size(), d.toString());
        assertEquals("db_pool: spring-mvc 10, netty 16", d.get(0).text());
    }

    @Test
    void theLabsOwnGcLogFlagIsNoDifferenceThoughEveryTrialLogsToItsOwnFile() {
        List<String> a = Defaults.gcLogFlags(Path.of("/r/trials/001-netty/server.gc.log"));
        List<String> b = Defaults.gcLogFlags(Path.of("/r/trials/002-vertx/server.gc.log"));
        assertTrue(Defaults.isGcLogFlag(a.get(0)));
        Map<String, Map<String, Object>> s = new LinkedHashMap<>();
        s.put("netty", server(16, 1 << 30, a));
        s.put("vertx", server(16, 1 << 30, b));
        assertTrue(Parity.of(s, Map.of(), (m, k) -> false).isEmpty());
        // a flag of the user's beside it still is one
        s.put("vertx", server(16, 1 << 30, List.of(b.get(0), "-Xlog:gc:file=/tmp/mine.log")));
        List<Parity.Difference> d = Parity.of(s, Map.of(), (m, k) -> false);
        assertEquals(1, d.size(), d.toString());
        assertEquals(
                "jvm.flags: netty [], vertx [-Xlog:gc:file=/tmp/mine.log]",
                d.get(0).text());
    }

    @Test
    void aModelsOwnKnobIsNoDifference() {
        Map<String, Map<String, Object>> s = new LinkedHashMap<>();
        s.put("servlet-async", Map.of("worker_threads", 16));
        s.put("spring-mvc-async", Map.of("worker_threads", 200));
        assertTrue(Parity.of(s, Map.of(), (m, k) -> k.equals("worker_threads")).isEmpty());
        assertEquals(1, Parity.of(s, Map.of(), (m, k) -> false).size());
    }

    @Test
    void aSettingOnlyOneModelReportsIsNoDifferenceButADeclaredOneIs() {
        Map<String, Map<String, Object>> s = new LinkedHashMap<>();
        s.put("mine-platform", Map.of());
        s.put("mine-virtual", Map.of());
        s.put("netty", server(16, 1 << 30, List.of()));
        assertTrue(Parity.of(s, Map.of(), (m, k) -> false).isEmpty());
        Map<String, Map<String, String>> declared =
                Map.of("mine-platform", Map.of(), "mine-virtual", Map.of("spring.threads.virtual.enabled", "true"));
        Map<String, Map<String, Object>> users = new LinkedHashMap<>();
        users.put("mine-platform", Map.of());
        users.put("mine-virtual", Map.of());
        List<Parity.Difference> d = Parity.of(users, declared, (m, k) -> false);
        assertEquals(
                List.of("spring.threads.virtual.enabled: mine-platform (not set), mine-virtual true"),
                d.stream().map(Parity.Difference::text).toList());
    }
}
