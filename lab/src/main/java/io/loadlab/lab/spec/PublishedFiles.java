package io.loadlab.lab.spec;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.fasterxml.jackson.databind.deser.std.StdDeserializer;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.loadlab.core.result.LoadLevel;
import io.loadlab.core.result.Published;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;

/**
 * A suite experiment's {@code published:} block (docs/suites.md): the figures of the experiment it reproduces, as the
 * file gives them, checked against the experiment's models and load levels and turned into {@link Published}.
 */
final class PublishedFiles {
    private PublishedFiles() {}

    /**
     * {@code published:} what the reproduced experiment reported (docs/suites.md). A figure is written with {@link
     * Published.Figure}'s fields, but for its load level: {@code connections:} and {@code rate:} instead of {@code
     * load:}.
     */
    record PublishedFile(
            String source,
            String hardware,
            String tool,

            @JsonDeserialize(contentUsing = FigureReader.class)
            List<Published.Figure> figures) {}

    /** Reads a figure as a suite writes it: its {@code connections:} and {@code rate:} become its {@code load}. */
    static final class FigureReader extends StdDeserializer<Published.Figure> {
        private static final List<String> LEVEL = List.of("connections", "rate");

        FigureReader() {
            super(Published.Figure.class);
        }

        @Override
        public Published.Figure deserialize(JsonParser p, DeserializationContext ctx) throws IOException {
            if (!(p.readValueAsTree() instanceof ObjectNode node)) {
                return (Published.Figure) ctx.handleUnexpectedToken(Published.Figure.class, p);
            }
            if (node.has("load")) {
                throw unknown(p, "load", List.of());
            }
            JsonNode connections = node.remove("connections");
            JsonNode rate = node.remove("rate");
            if (connections != null) {
                ObjectNode load = node.putObject("load").set("connections", connections);
                if (rate != null) {
                    load.set("rate_rps", rate);
                }
            }
            try {
                return ctx.readTreeAsValue(node, Published.Figure.class);
            } catch (UnrecognizedPropertyException e) {
                throw unknown(p, e.getPropertyName(), e.getKnownPropertyIds());
            }
        }

        private static UnrecognizedPropertyException unknown(JsonParser p, String key, Collection<Object> known) {
            List<Object> keys = new ArrayList<>(known);
            keys.remove("load");
            keys.addAll(LEVEL);
            return UnrecognizedPropertyException.from(p, Published.Figure.class, key, keys);
        }
    }

    /** The {@code published:} block, each mistake one line naming the field. */
    static Published published(
            String at,
            PublishedFile p,
            String experiment,
            ScenarioSpec scenario,
            List<String> models,
            List<LoadLevel> loads) {
        if (p == null) {
            return null;
        }
        if (p.source() == null || p.source().isBlank()) {
            throw new IllegalArgumentException(at + ".source: say where the figures are from (title, author)");
        }
        if (p.figures() == null || p.figures().isEmpty()) {
            throw new IllegalArgumentException(at + ".figures: give at least one figure");
        }
        for (int i = 0; i < p.figures().size(); i++) {
            Published.Figure f = p.figures().get(i);
            String here = at + ".figures[" + i + "]";
            if (f.model() != null && !models.contains(f.model())) {
                throw new IllegalArgumentException(here + ".model: '" + f.model() + "' is not a model of experiment '"
                        + experiment + "' " + models + " (leave it out for a setup this lab does not run)");
            }
            if (f.model() == null && (f.setup() == null || f.setup().isBlank())) {
                throw new IllegalArgumentException(
                        here + ": a figure without a model needs 'setup:' to say what it is");
            }
            LoadLevel level = f.load();
            if (level == null) {
                throw new IllegalArgumentException(here + ".connections: say at which load level it was measured");
            }
            if (!loads.contains(level)) {
                throw new IllegalArgumentException(
                        here + ": " + level.label() + (level.rateRps() == null ? "" : " at cap " + level.connections())
                                + " is not a load level of experiment '" + experiment + "' ("
                                + loads.stream().map(LoadLevel::label).toList() + ")");
            }
            if (f.request() != null && scenario.kind() != ScenarioKind.MIXED && scenario.kind() != ScenarioKind.CRUD) {
                throw new IllegalArgumentException(
                        here + ".request: '" + f.request() + "' needs a scenario with named requests (mixed, crud)");
            }
            if (f.rps() == null && f.meanMs() == null && f.p50Ms() == null && f.p99Ms() == null) {
                throw new IllegalArgumentException(here + ": give at least one of rps, mean_ms, p50_ms, p99_ms");
            }
            for (Double v : Arrays.asList(f.rps(), f.meanMs(), f.p50Ms(), f.p99Ms())) {
                if (v != null && !(v > 0)) {
                    throw new IllegalArgumentException(here + ": a published figure is above 0, got " + v);
                }
            }
            if (f.quote() == null || f.quote().isBlank()) {
                throw new IllegalArgumentException(here + ".quote: quote the source's words or output line");
            }
        }
        return new Published(p.source(), p.hardware(), p.tool(), p.figures());
    }
}
