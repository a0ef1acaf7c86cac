package io.loadlab.lab.spec;

import io.loadlab.core.model.ConcurrencyModel;
import io.loadlab.core.result.Criterion;
import io.loadlab.core.result.ExperimentInfo;
import io.loadlab.core.result.LoadLevel;
import io.loadlab.core.result.Published;
import java.util.ArrayList;
import java.util.List;

/**
 * One experiment of a suite: a scenario run against each model at each load level, every model with the same
 * {@code server} options, its answer ranked by {@code criterion}.
 *
 * @param models model ids of the catalog, or {@link #EXTERNAL} for a user's own server
 * @param criterion how the answer names the best model; null for the default of its load model
 * @param published what the experiment it reproduces published, or null
 */
public record ExperimentSpec(
        String name,
        ScenarioSpec scenario,
        List<String> models,
        List<LoadLevel> loads,
        ServerOptions server,
        Criterion criterion,
        Published published) {

    /** The model name of a user's own server ({@code --server-cmd}). */
    public static final String EXTERNAL = "external";

    public ExperimentSpec {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("every experiment needs a name");
        }
        models = List.copyOf(models);
        loads = List.copyOf(loads);
        server = server == null ? ServerOptions.NONE : server;
        if (models.isEmpty()) {
            throw new IllegalArgumentException("experiment '" + name + "' lists no models");
        }
        if (loads.isEmpty()) {
            throw new IllegalArgumentException("experiment '" + name + "' lists no connections or rates");
        }
        boolean open = loads.get(0).rateRps() != null;
        if (loads.stream().anyMatch(l -> (l.rateRps() != null) != open)) {
            throw new IllegalArgumentException(
                    "experiment '" + name + "' mixes connections and rates; give one experiment each");
        }
        if (criterion == null) {
            criterion = Criterion.defaultFor(open);
        }
        if (!models.contains(EXTERNAL)) {
            server.checkReadBy(name, models);
        }
    }

    public ExperimentSpec(
            String name,
            ScenarioSpec scenario,
            List<String> models,
            List<LoadLevel> loads,
            ServerOptions server,
            Criterion criterion) {
        this(name, scenario, models, loads, server, criterion, null);
    }

    /** {@code all} and model ids as a suite or {@code --model} lists them, checked against the catalog. */
    public static List<String> models(List<String> names) {
        if (names == null || names.isEmpty() || names.contains("all")) {
            return ConcurrencyModel.all().stream().map(ConcurrencyModel::id).toList();
        }
        List<String> out = new ArrayList<>();
        for (String n : names) {
            out.add(ConcurrencyModel.byId(n).id());
        }
        return out;
    }

    public int trials(int repetitions) {
        return models.size() * loads.size() * repetitions;
    }

    /** How the results describe it. */
    public ExperimentInfo info() {
        return new ExperimentInfo(
                name,
                scenario.kind().id(),
                scenario.label(),
                models,
                loads,
                server.asMap(models),
                criterion,
                published,
                null);
    }
}
