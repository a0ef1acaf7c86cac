package io.loadlab.core.result;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.loadlab.core.Json;
import java.io.IOException;
import java.nio.file.Path;

/**
 * Reads {@code results.json} and {@code load.json} files of any schema version this loadlab has written, upgrading
 * older shapes in memory (the files are left as they are).
 */
public final class ResultsUpgrade {
    private ResultsUpgrade() {}

    public static SuiteResults readSuite(Path file) throws IOException {
        JsonNode root = Json.mapper().readTree(file.toFile());
        for (JsonNode trial : root.path("trials")) {
            if (trial instanceof ObjectNode t && t.hasNonNull("load")) {
                t.set("load", LoadReportUpgrade.toCurrent(t.get("load")));
            }
        }
        return Json.mapper().treeToValue(root, SuiteResults.class);
    }

    public static LoadReport readLoad(Path file) throws IOException {
        JsonNode root = Json.mapper().readTree(file.toFile());
        return Json.mapper().treeToValue(LoadReportUpgrade.toCurrent(root), LoadReport.class);
    }
}
