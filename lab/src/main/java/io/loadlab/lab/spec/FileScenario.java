package io.loadlab.lab.spec;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.loadlab.core.Json;
import io.loadlab.core.UserError;
import io.loadlab.core.unit.Duration;
import io.loadlab.loadgen.Scenario;
import io.loadlab.loadgen.ScenarioDefinition;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A scenario file as a lab scenario ({@code scenario: {type: file, path: ...}}, {@code --scenario FILE}): the
 * requests of a {@code loadlab load --scenario} file ({@code docs/scenarios.md}), which a user's server answers on its
 * own routes. The lab knows of them only what the file and the suite say: {@code wait:}, when given, is how long each
 * request waits downstream at least (a known delay), from which its ceiling follows; without it there is none.
 *
 * @param path the file, absolute
 * @param delay the least each request waits (the downstream delay the suite declares as {@code wait}), or null when
 *     unknown
 */
public record FileScenario(Path path, Duration delay) {
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    public FileScenario {
        if (path == null || !Files.isRegularFile(path)) {
            throw new IllegalArgumentException("scenario file " + path + " not found");
        }
        path = path.toAbsolutePath().normalize();
        if (delay != null && delay.nanos() <= 0) {
            delay = null;
        }
    }

    /**
     * The scenario file of an experiment's {@code scenario: {type: file, path: ..., wait: ...}}, its path relative to
     * the suite file's {@code dir}, read once to find its mistakes before anything runs; null for another type.
     */
    static FileScenario inSuite(String experiment, String type, Path dir, String path, String wait) {
        if (path == null && wait == null) {
            return null;
        }
        String here = "experiment '" + experiment + "': ";
        if (!ScenarioKind.FILE.id().equalsIgnoreCase(type.trim())) {
            throw new IllegalArgumentException(here + "path and wait belong to a scenario of type file");
        }
        if (path == null) {
            throw new IllegalArgumentException(
                    here + "a scenario of type file needs path: FILE (a loadlab load --scenario file, relative to the"
                            + " suite)");
        }
        Path file = dir.resolve(path);
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException(here + "scenario file " + file + " not found");
        }
        FileScenario f = new FileScenario(file, wait == null ? null : Duration.parse(wait));
        f.parse();
        return f;
    }

    /** The file as the load generator parses it: a {@link UserError} naming the file and the field on a mistake. */
    public Scenario parse() {
        return Scenario.load(path);
    }

    /**
     * The file as the load generator's job carries it: its CSV paths made absolute, since the load child reads them
     * from its own directory, and a weight of 1 where the file leaves it out, as the file's parser does.
     */
    public ScenarioDefinition definition() {
        try {
            JsonNode root = YAML.readTree(path.toFile());
            root.path("data").forEach(d -> {
                if (d.has("csv")) {
                    ((ObjectNode) d)
                            .put(
                                    "csv",
                                    path.getParent()
                                            .resolve(d.get("csv").asText())
                                            .toString());
                }
            });
            root.path("requests").forEach(r -> {
                if (!r.has("weight")) {
                    ((ObjectNode) r).put("weight", 1);
                }
            });
            return Json.mapper().treeToValue(root, ScenarioDefinition.class);
        } catch (IOException | ClassCastException e) {
            throw new UserError("scenario " + path + ": cannot read it (" + e.getMessage() + ")");
        }
    }

    /** The file's name, for labels: {@code my-routes.yaml}. */
    public String name() {
        return path.getFileName().toString();
    }
}
