package io.loadlab.loadgen;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.loadlab.core.Json;
import io.loadlab.core.UserError;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * A scenario as data: the typed form of a scenario file ({@code docs/scenarios.md}), field for field, so that a
 * program can build one and hand it over as JSON instead of writing YAML text. {@link Scenario#of} validates it as it
 * validates a file. Absent fields take the file's defaults.
 *
 * @param assign {@code sequence}, {@code random} or {@code per-connection}
 * @param data named data sets that requests fill their {@code ${field}} placeholders from
 */
public record ScenarioDefinition(
        String name, String assign, Long seed, Map<String, DataSource> data, List<Request> requests) {

    /** A data set: {@code generate: zipcodes} with a {@code size}, or a {@code csv} file. */
    public record DataSource(String generate, Integer size, String csv) {
        public static DataSource zipCodes(int size) {
            return new DataSource("zipcodes", size, null);
        }
    }

    /**
     * One named request and its weight in the mix.
     *
     * @param request its name, weight, method, path, headers and body, written beside the fields below
     * @param data the name of a data set, when {@code path} or {@code body} hold placeholders
     * @param pick how rows are picked: {@code random}, {@code sequential} or {@code unique}
     * @param range the rows used, {@code [from, to)}
     * @param expectStatus statuses that count as success; absent: any 2xx or 3xx
     * @param expectBody the exact body of a right answer; absent: any
     * @param expectField a field of {@code data} a right answer carries as {@code "field":"value"}; absent: none
     */
    public record Request(
            @JsonUnwrapped WeightedRequest request,
            String data,
            String pick,
            List<Integer> range,
            List<Integer> expectStatus,
            String expectBody,
            String expectField) {

        /** A plain {@code GET path} of weight {@code weight} whose right answer is {@code body} (null: any). */
        public static Request get(String name, int weight, String path, String body) {
            return new Request(
                    new WeightedRequest(name, weight, "GET", path, null, null), null, null, null, null, body, null);
        }
    }

    /** The validated scenario; CSV paths are read relative to {@code dir}. */
    public Scenario toScenario(Path dir) {
        try {
            return Scenario.parse(Json.mapper().valueToTree(this), dir);
        } catch (IllegalArgumentException e) {
            throw new UserError("scenario " + name + ": " + e.getMessage());
        }
    }
}
