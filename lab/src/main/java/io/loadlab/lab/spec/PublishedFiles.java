package io.loadlab.lab.spec;

import io.loadlab.core.result.LoadLevel;
import io.loadlab.core.result.Published;
import java.util.ArrayList;
import java.util.List;

/**
 * A suite experiment's {@code published:} block (docs/suites.md): the figures of the experiment it reproduces, as the
 * file gives them, checked against the experiment's models and load levels and turned into {@link Published}.
 */
final class PublishedFiles {
    private PublishedFiles() {}

    /** {@code published:} what the reproduced experiment reported (docs/suites.md). */
    record PublishedFile(String source, String hardware, String tool, List<FigureFile> figures) {}

    record FigureFile(
            String model,
            String setup,
            Integer connections,
            Double rate,
            String request,
            Double rps,
            Double meanMs,
            Double p50Ms,
            Double p99Ms,
            String quote,
            String note) {}

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
        List<Published.Figure> figures = new ArrayList<>();
        for (int i = 0; i < p.figures().size(); i++) {
            FigureFile f = p.figures().get(i);
            String here = at + ".figures[" + i + "]";
            if (f.model() != null && !models.contains(f.model())) {
                throw new IllegalArgumentException(here + ".model: '" + f.model() + "' is not a model of experiment '"
                        + experiment + "' " + models + " (leave it out for a setup this lab does not run)");
            }
            if (f.model() == null && (f.setup() == null || f.setup().isBlank())) {
                throw new IllegalArgumentException(
                        here + ": a figure without a model needs 'setup:' to say what it is");
            }
            if (f.connections() == null) {
                throw new IllegalArgumentException(here + ".connections: say at which load level it was measured");
            }
            LoadLevel level = new LoadLevel(f.connections(), f.rate());
            if (!loads.contains(level)) {
                throw new IllegalArgumentException(
                        here + ": " + level.label() + (f.rate() == null ? "" : " at cap " + f.connections())
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
            for (Double v : java.util.Arrays.asList(f.rps(), f.meanMs(), f.p50Ms(), f.p99Ms())) {
                if (v != null && !(v > 0)) {
                    throw new IllegalArgumentException(here + ": a published figure is above 0, got " + v);
                }
            }
            if (f.quote() == null || f.quote().isBlank()) {
                throw new IllegalArgumentException(here + ".quote: quote the source's words or output line");
            }
            figures.add(new Published.Figure(
                    f.model(),
                    f.setup(),
                    level,
                    f.request(),
                    f.rps(),
                    f.meanMs(),
                    f.p50Ms(),
                    f.p99Ms(),
                    f.quote(),
                    f.note()));
        }
        return new Published(p.source(), p.hardware(), p.tool(), figures);
    }
}
