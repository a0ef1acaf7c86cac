package io.loadlab.core.result;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.loadlab.core.Json;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Reads {@code results.json} and {@code load.json} files of any schema version this loadlab has written, upgrading
 * older shapes in memory (the files are left as they are). Schema 1 of {@code results.json} kept a trial's identity,
 * server, resources and dependency counters flat, and its experiments and notes inside {@code settings}; schema 2
 * groups them; schema 3 records a server's settings as the typed settings record ({@link SettingsUpgrade}) and a user
 * server's declared settings beside them. What an older schema did not record stays absent.
 */
public final class ResultsUpgrade {
    private ResultsUpgrade() {}

    public static SuiteResults readSuite(Path file) throws IOException {
        return Json.mapper().treeToValue(toCurrent(Json.mapper().readTree(file.toFile())), SuiteResults.class);
    }

    public static LoadReport readLoad(Path file) throws IOException {
        JsonNode root = Json.mapper().readTree(file.toFile());
        return Json.mapper().treeToValue(LoadReportUpgrade.toCurrent(root), LoadReport.class);
    }

    /** The results as a tree of the current version; modifies {@code root}. */
    static JsonNode toCurrent(JsonNode root) {
        if (!(root instanceof ObjectNode o)) {
            return root;
        }
        int version = o.path("schema_version").asInt(SuiteResults.SCHEMA_VERSION);
        if (version == 1) {
            fromVersion1(o);
        }
        if (version <= 2) {
            for (JsonNode t : o.path("trials")) {
                if (t.get("server") instanceof ObjectNode server) {
                    SettingsUpgrade.upgrade(server);
                }
            }
        }
        o.put("schema_version", SuiteResults.SCHEMA_VERSION);
        return o;
    }

    /** Schema 1 to 2: the trials' flat fields grouped, experiments and notes out of {@code settings}. */
    private static void fromVersion1(ObjectNode o) {
        if (o.get("settings") instanceof ObjectNode settings) {
            JsonNode notes = settings.remove("notes");
            if (notes != null) {
                o.set("notes", notes);
            }
            JsonNode exps = settings.remove("experiments");
            if (exps instanceof ArrayNode list) {
                for (JsonNode e : list) {
                    if (e instanceof ObjectNode x && x.get("scenario") instanceof ObjectNode s) {
                        x.put("scenario", s.path("kind").asText("").toLowerCase(Locale.ROOT));
                    }
                }
                o.set("experiments", list);
            }
        }
        for (JsonNode t : o.path("trials")) {
            if (t instanceof ObjectNode trial) {
                trial(trial);
            }
        }
    }

    private static void trial(ObjectNode t) {
        ObjectNode key = t.objectNode();
        move(t, key, "experiment", "experiment");
        move(t, key, "model", "model");
        move(t, key, "scenario", "scenario");
        move(t, key, "load_level", "load");
        move(t, key, "repetition", "repetition");
        t.set("key", key);
        ObjectNode server = t.objectNode();
        move(t, server, "server_settings", "settings");
        t.set("server", server);
        ObjectNode resources = t.objectNode();
        move(t, resources, "processes", "processes");
        move(t, resources, "machine", "machine");
        t.set("resources", resources);
        t.remove("rejections"); // derived from the status codes
        JsonNode work = t.remove("dependency_work");
        if (work instanceof ObjectNode w) {
            ObjectNode deps = t.objectNode();
            if (w.has("backend_calls")) {
                deps.putObject("backend").set("calls", w.get("backend_calls"));
            }
            if (w.has("db_rows")) {
                deps.putObject("database").set("rows_added", w.get("db_rows"));
            }
            t.set("dependencies", deps);
        }
        if (t.hasNonNull("load")) {
            t.set("load", LoadReportUpgrade.toCurrent(t.get("load")));
        }
    }

    private static void move(ObjectNode from, ObjectNode to, String name, String as) {
        JsonNode v = from.remove(name);
        if (v != null && !v.isNull()) {
            to.set(as, v);
        }
    }
}
