package io.loadlab.core.result;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;

/**
 * A trial's server settings as results of schema 2 recorded them (a free map of the keys each model chose) in the
 * settings record's form: every key whose meaning is one of the record's fields moves there, every other scalar into
 * {@code own}, and what schema 2 never recorded stays absent (unknown to the parity check). The record's
 * {@code schema} is 0: a reader can tell a record made from an old map.
 */
final class SettingsUpgrade {
    /** Keys read into a field of the record; anything else scalar is kept in {@code own}. */
    private static final Set<String> MOVED = Set.of(
            "model",
            "host",
            "port",
            "pid",
            "scheme",
            "protocol",
            "backlog",
            "jvm",
            "db_pool",
            "db",
            "backend_url",
            "backend_client",
            "backend_max_connections",
            "event_loops",
            "max_threads",
            "threads",
            "worker_threads",
            "framework",
            "server",
            "idle_timeout_ms",
            "declared");

    private SettingsUpgrade() {}

    /** {@code server}'s {@code settings} and {@code declared} in schema 3's form; modifies {@code server}. */
    static void upgrade(ObjectNode server) {
        if (!(server.get("settings") instanceof ObjectNode old)) {
            return;
        }
        if (old.get("declared") instanceof ObjectNode declared) {
            ObjectNode d = server.putObject("declared");
            declared.fields()
                    .forEachRemaining(e -> d.put(e.getKey(), e.getValue().asText()));
        }
        ObjectNode s = server.objectNode();
        s.put("schema", 0);
        for (String k : new String[] {"model", "host", "scheme", "protocol"}) {
            text(old, k, s, k);
        }
        integral(old, "port", s, "port");
        integral(old, "pid", s, "pid");
        integral(old, "backlog", s, "backlog");
        if (old.has("framework") || old.has("server")) {
            ObjectNode sw = s.putObject("software");
            text(old, "framework", sw, "framework");
            text(old, "server", sw, "server");
        }
        if (old.has("idle_timeout_ms")) {
            integral(old, "idle_timeout_ms", s.putObject("keep_alive"), "idle_timeout_ms");
        }
        ObjectNode threads = s.objectNode();
        integral(old, "event_loops", threads, "event_loops");
        integral(old, old.has("max_threads") ? "max_threads" : "threads", threads, "request_threads");
        integral(old, "worker_threads", threads, "worker_threads");
        if (!threads.isEmpty()) {
            s.set("threads", threads);
        }
        if (old.has("db_pool") || old.has("db")) {
            ObjectNode db = s.putObject("database");
            integral(old, "db_pool", db, "pool");
            JsonNode d = old.path("db");
            text(d, "client", db, "client");
            text(d, "url", db, "url");
            text(d, "server_version", db, "server_version");
        }
        if (old.has("backend_client") || old.has("backend_max_connections")) {
            ObjectNode b = s.putObject("backend_client");
            text(old, "backend_client", b, "client");
            integral(old, "backend_max_connections", b, "max_connections");
            text(old, "backend_url", b, "url");
        }
        if (old.get("jvm") instanceof ObjectNode jvm) {
            ObjectNode j = s.putObject("jvm");
            text(jvm, "version", j, "version");
            text(jvm, "vendor", j, "vendor");
            integral(jvm, "available_processors", j, "available_processors");
            integral(jvm, "max_heap_bytes", j, "max_heap_bytes");
            text(jvm, "gc", j, "gc");
            if (jvm.get("flags") != null && jvm.get("flags").isArray()) {
                j.set("flags", jvm.get("flags"));
            }
        }
        ObjectNode own = s.objectNode();
        for (Iterator<Map.Entry<String, JsonNode>> it = old.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            if (!MOVED.contains(e.getKey())
                    && e.getValue().isValueNode()
                    && !e.getValue().isNull()) {
                own.put(e.getKey(), e.getValue().asText());
            }
        }
        if (!own.isEmpty()) {
            s.set("own", own);
        }
        server.set("settings", s);
    }

    private static void text(JsonNode from, String key, ObjectNode to, String as) {
        JsonNode v = from.get(key);
        if (v != null && v.isValueNode() && !v.isNull()) {
            to.put(as, v.asText());
        }
    }

    private static void integral(JsonNode from, String key, ObjectNode to, String as) {
        JsonNode v = from.get(key);
        if (v != null && v.isIntegralNumber() && v.asLong() >= 0) {
            to.put(as, v.asLong());
        }
    }
}
