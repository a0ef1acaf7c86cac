package io.loadlab.core.result;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/**
 * Reads load reports of an older {@code schema_version} into the current shape, so that results written by an
 * earlier loadlab still load. Version 1 was flat; version 2 groups the run's settings ({@code run}), its throughput
 * and its connections, and adds what version 1 did not record: unfinished requests, per-connection fairness and the
 * planned and realized share of each request (left out, never invented). Fields added within version 2 ({@code
 * run.protocol}, {@code run.max_streams}, {@code agents}) are absent from the files written before them and read as
 * null: HTTP/1.1 from one load generator.
 */
public final class LoadReportUpgrade {
    private LoadReportUpgrade() {}

    /** The report as a tree of the current version; a current one is returned as it is. Modifies {@code node}. */
    public static JsonNode toCurrent(JsonNode node) {
        if (!(node instanceof ObjectNode o) || o.path("schema_version").asInt(LoadReport.SCHEMA_VERSION) != 1) {
            return node;
        }
        ObjectNode run = o.objectNode();
        move(o, run, "url", "url");
        move(o, run, "load_model", "load_model");
        move(o, run, "threads", "threads");
        move(o, run, "connections", "connections");
        move(o, run, "target_rps", "target_rps");
        move(o, run, "duration_s", "duration_s");
        ObjectNode throughput = o.objectNode();
        move(o, throughput, "requests", "requests");
        move(o, throughput, "throughput_rps", "rps");
        move(o, throughput, "bytes_read", "bytes_read");
        ObjectNode connections = o.objectNode();
        move(o, connections, "max_connections_opened", "max_opened");
        move(o, connections, "delayed_requests", "delayed_requests");
        o.set("run", run);
        o.set("throughput", throughput);
        o.set("connections", connections);
        o.put("schema_version", LoadReport.SCHEMA_VERSION);
        return o;
    }

    private static void move(ObjectNode from, ObjectNode to, String name, String as) {
        JsonNode v = from.remove(name);
        if (v != null && !v.isNull()) {
            to.set(as, v);
        }
    }

    /** The field names of version 1 that {@link #toCurrent} moves, for tests. */
    static List<String> movedFromVersion1() {
        return List.of(
                "url",
                "load_model",
                "threads",
                "connections",
                "target_rps",
                "duration_s",
                "requests",
                "throughput_rps",
                "bytes_read",
                "max_connections_opened",
                "delayed_requests");
    }
}
