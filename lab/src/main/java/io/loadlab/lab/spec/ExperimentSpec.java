package io.loadlab.lab.spec;

import io.loadlab.core.UserError;
import io.loadlab.core.model.ConcurrencyModel;
import io.loadlab.core.result.CapacityGoal;
import io.loadlab.core.result.CapacityInfo;
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
 * @param models model ids of the catalog and names of the suite's own servers ({@link UserServer})
 * @param criterion how the answer names the best model; null for the default of its load model
 * @param published what the experiment it reproduces published, or null
 * @param refused models the experiment demonstrates broken: the lab must refuse their numbers (none: empty)
 * @param capacity for a capacity experiment, what its search looks for; its one load level is then the connection
 *     cap at the search's start rate, and each model's trials are the search's steps. Null for fixed load levels
 */
public record ExperimentSpec(
        String name,
        ScenarioSpec scenario,
        List<String> models,
        List<LoadLevel> loads,
        ServerOptions server,
        Criterion criterion,
        Published published,
        CapacityGoal capacity,
        List<String> refused) {

    public ExperimentSpec {
        refused = refused == null ? List.of() : List.copyOf(refused);
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
        if (capacity != null && (loads.size() != 1 || loads.get(0).rateRps() == null)) {
            throw new IllegalArgumentException("experiment '" + name + "': a capacity search picks its own rates;"
                    + " give it one connection cap and no rates");
        }
        boolean open = loads.get(0).rateRps() != null;
        if (loads.stream().anyMatch(l -> (l.rateRps() != null) != open)) {
            throw new IllegalArgumentException(
                    "experiment '" + name + "' mixes connections and rates; give one experiment each");
        }
        if (criterion == null) {
            criterion = Criterion.defaultFor(open);
        }
        for (String r : refused) {
            if (!models.contains(r)) {
                throw new IllegalArgumentException(
                        "experiment '" + name + "': refused: " + r + " is not one of its" + " models " + models);
            }
        }
        List<String> catalog = models.stream().filter(ExperimentSpec::inCatalog).toList();
        if (!catalog.isEmpty()) {
            server.checkReadBy(name, catalog);
        } else if (!server.asMap().isEmpty()) {
            throw new IllegalArgumentException("experiment '" + name + "': server options are for the catalog's models;"
                    + " your own servers take their settings in their command");
        }
    }

    /**
     * A capacity experiment: each model's search from {@code goal}'s start rate, with at most {@code connections}
     * connections open.
     */
    public static ExperimentSpec capacity(
            String name,
            ScenarioSpec scenario,
            List<String> models,
            int connections,
            ServerOptions server,
            CapacityGoal goal) {
        List<LoadLevel> cap = List.of(new LoadLevel(connections, goal.startRps()));
        return new ExperimentSpec(name, scenario, models, cap, server, null, null, goal, null);
    }

    /**
     * This experiment with models it demonstrates broken ({@code refused: [quarkus-broken]}): the lab must refuse
     * their numbers, and a valid number for one fails the run.
     */
    public ExperimentSpec withRefused(List<String> models) {
        return new ExperimentSpec(name, scenario, this.models, loads, server, criterion, published, capacity, models);
    }

    /** True when the suite expects the lab to refuse {@code model}'s trials in this experiment. */
    public boolean expectsRefused(String model) {
        return refused.contains(model);
    }

    /** {@code all} and model ids as a suite or {@code --model} lists them, checked against the catalog. */
    public static List<String> models(List<String> names) {
        return models(names, List.of());
    }

    /**
     * {@code all} (every reference model; the framework models are named one by one) and model names as a suite lists them: catalog ids, or the names of the
     * suite's own {@code servers}; an unknown name is a {@link UserError} listing both.
     */
    public static List<String> models(List<String> names, List<UserServer> servers) {
        List<String> own = servers.stream().map(UserServer::name).toList();
        List<String> out = new ArrayList<>();
        if (names == null || names.isEmpty()) {
            names = List.of("all");
        }
        for (String n : names) {
            if (n.equals("all")) {
                ConcurrencyModel.reference().forEach(m -> out.add(m.id()));
            } else if (own.contains(n)) {
                out.add(n);
            } else if (own.isEmpty() || inCatalog(n)) {
                out.add(ConcurrencyModel.byId(n).id());
            } else {
                throw new UserError("unknown model '" + n + "'; the models are: " + ConcurrencyModel.ids()
                        + ", and the suite's servers: " + String.join(", ", own));
            }
        }
        return out.stream().distinct().toList();
    }

    /** True when {@code model} is a catalog id, not a user's server. */
    public static boolean inCatalog(String model) {
        return ConcurrencyModel.all().stream().anyMatch(m -> m.id().equals(model));
    }

    /** The trials it runs; for a capacity search, the most its steps may take and the two past the knee. */
    public int trials(int repetitions) {
        if (capacity != null) {
            return models.size() * (capacity.maxSteps() + 2);
        }
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
                null,
                capacity == null ? null : new CapacityInfo(capacity, List.of()));
    }
}
