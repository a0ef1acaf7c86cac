package io.loadlab.loadgen;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.loadlab.core.Defaults;
import io.loadlab.core.UserError;
import io.loadlab.core.YamlProblem;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A scenario file ({@code --scenario FILE}, YAML, documented in {@code docs/scenarios.md}): weighted named requests
 * whose paths and bodies are filled from seeded or CSV data sets. Every mistake is a {@link UserError} naming the
 * file and the field.
 */
public record Scenario(String name, LoadSpec.Assign assign, long seed, List<RequestSpec> requests) {
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    public static Scenario load(Path file) {
        if (!Files.isRegularFile(file)) {
            throw new UserError("scenario file " + file + " not found; check the --scenario path");
        }
        JsonNode root;
        try {
            root = YAML.readTree(file.toFile());
        } catch (IOException e) {
            String said = e instanceof JsonProcessingException j ? j.getOriginalMessage() : e.getMessage();
            throw new UserError("scenario " + file + " is not valid YAML: " + YamlProblem.of(said));
        }
        try {
            return parse(root, file.toAbsolutePath().getParent());
        } catch (IllegalArgumentException e) {
            throw new UserError("scenario " + file + ": " + e.getMessage());
        }
    }

    static Scenario parse(JsonNode root, Path dir) {
        if (root == null || !root.isObject()) {
            throw new IllegalArgumentException("expected a mapping with 'requests:'; see docs/scenarios.md");
        }
        String name = root.path("name").asText("scenario");
        String assignText = root.path("assign").asText("sequence");
        LoadSpec.Assign assign = switch (assignText) {
            case "sequence" -> LoadSpec.Assign.SEQUENCE;
            case "random", "per-request" -> LoadSpec.Assign.RANDOM;
            case "per-connection" -> LoadSpec.Assign.PER_CONNECTION;
            default ->
                throw new IllegalArgumentException(
                        "assign: '" + assignText + "' is unknown; use sequence, random or per-connection");
        };
        long seed = root.has("seed") ? root.get("seed").asLong() : Defaults.SEED;
        Map<String, DataSet> data = new HashMap<>();
        root.path("data")
                .fields()
                .forEachRemaining(e -> data.put(e.getKey(), dataSet(e.getKey(), e.getValue(), seed, dir)));
        JsonNode reqs = root.path("requests");
        if (!reqs.isArray() || reqs.isEmpty()) {
            throw new IllegalArgumentException("'requests:' must list at least one request");
        }
        List<RequestSpec> out = new ArrayList<>();
        Set<String> names = new LinkedHashSet<>();
        for (JsonNode r : reqs) {
            RequestSpec spec = request(r, data, out.size());
            if (!names.add(spec.name())) {
                throw new IllegalArgumentException("two requests are named '" + spec.name() + "'; names must differ");
            }
            out.add(spec);
        }
        return new Scenario(name, assign, seed, out);
    }

    private static DataSet dataSet(String name, JsonNode d, long seed, Path dir) {
        if (d.has("generate")) {
            String kind = d.get("generate").asText();
            if (!kind.equals("zipcodes")) {
                throw new IllegalArgumentException(
                        "data '" + name + "': generate: '" + kind + "' is unknown; use zipcodes");
            }
            int size = d.path("size").asInt(24_000);
            if (size < 1) {
                throw new IllegalArgumentException("data '" + name + "': size must be positive");
            }
            return DataSet.zipCodes(name, seed, size);
        }
        if (d.has("csv")) {
            Path csv = dir.resolve(d.get("csv").asText());
            if (!Files.isRegularFile(csv)) {
                throw new IllegalArgumentException("data '" + name + "': CSV file " + csv + " not found");
            }
            return DataSet.csv(name, csv);
        }
        throw new IllegalArgumentException("data '" + name + "' needs 'generate: zipcodes' or 'csv: FILE'");
    }

    private static RequestSpec request(JsonNode r, Map<String, DataSet> data, int index) {
        String name = r.path("name").asText("request-" + (index + 1));
        String path = r.path("path").asText(null);
        if (path == null || !path.startsWith("/")) {
            throw new IllegalArgumentException("request '" + name + "': path must start with /, got " + path);
        }
        int weight = r.path("weight").asInt(1);
        String method = r.path("method").asText("GET").toUpperCase();
        Map<String, String> headers = new LinkedHashMap<>();
        r.path("headers")
                .fields()
                .forEachRemaining(e -> headers.put(e.getKey(), e.getValue().asText()));
        String body = r.has("body") ? r.get("body").asText() : null;
        DataSet ds = null;
        if (r.has("data")) {
            ds = data.get(r.get("data").asText());
            if (ds == null) {
                throw new IllegalArgumentException("request '" + name + "': data '"
                        + r.get("data").asText() + "' is not defined under 'data:'; defined: " + data.keySet());
            }
        }
        String pickText = r.path("pick").asText("random");
        RequestSpec.Pick pick = switch (pickText) {
            case "random" -> RequestSpec.Pick.RANDOM;
            case "sequential" -> RequestSpec.Pick.SEQUENTIAL;
            case "unique" -> RequestSpec.Pick.UNIQUE;
            default ->
                throw new IllegalArgumentException(
                        "request '" + name + "': pick '" + pickText + "' is unknown; use random, sequential or unique");
        };
        int from = 0;
        int to = ds == null ? 0 : ds.size();
        if (r.has("range")) {
            JsonNode range = r.get("range");
            if (!range.isArray() || range.size() != 2) {
                throw new IllegalArgumentException("request '" + name + "': range must be [from, to]");
            }
            from = range.get(0).asInt();
            to = range.get(1).asInt();
        }
        Set<Integer> expect = null;
        if (r.has("expect_status")) {
            expect = new LinkedHashSet<>();
            for (JsonNode s : r.get("expect_status")) {
                expect.add(s.asInt());
            }
        }
        String expectBody = r.has("expect_body") ? r.get("expect_body").asText() : null;
        String expectType =
                r.has("expect_content_type") ? r.get("expect_content_type").asText() : null;
        String expectField = r.has("expect_field") ? r.get("expect_field").asText() : null;
        List<String> fields = ds == null ? List.of() : ds.fields();
        Template.compile(path, fields);
        if (body != null) {
            Template.compile(body, fields);
        }
        return new RequestSpec(
                new WeightedRequest(name, weight, method, path, headers, body),
                ds,
                pick,
                from,
                to,
                expect,
                expectBody,
                expectType,
                expectField);
    }
}
