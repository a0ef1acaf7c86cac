package io.loadlab.lab.load;

import io.loadlab.core.Defaults;
import io.loadlab.lab.spec.ScenarioSpec;

/**
 * The {@code loadlab load --scenario} YAML of the multi-request scenarios, and the single path of the others. The
 * mix of {@code mixed} divides connections (assign: per-connection), as the Spring experiment's two wrk runs did;
 * {@code crud} reads pre-loaded keys at random and writes fresh keys once each, at a fixed weight ratio, so the
 * read/write mix holds steady for the whole run instead of drifting as the table fills.
 */
public final class ScenarioFiles {
    private ScenarioFiles() {}

    /** The request path of a single-request scenario, or null when the scenario needs a YAML file. */
    public static String singlePath(ScenarioSpec s) {
        return switch (s.kind()) {
            case PLAINTEXT -> "/plaintext";
            case JSON -> "/json";
            case DELAY -> "/delay?ms=" + s.delay().toMillis();
            case BACKEND -> "/backend";
            case MIXED, CRUD -> null;
        };
    }

    /** The first key row that is written, never pre-loaded: reads use rows [0, split), writes [split, keys). */
    public static int writeFrom(ScenarioSpec s) {
        return s.keys() / 2;
    }

    public static String yaml(ScenarioSpec s) {
        return switch (s.kind()) {
            case MIXED -> mixed(s);
            case CRUD -> crud(s);
            default -> throw new IllegalArgumentException(s.kind().id() + " is a single-request scenario");
        };
    }

    private static String mixed(ScenarioSpec s) {
        return "name: mixed\n"
                + "assign: per-connection\n"
                + "seed: " + Defaults.SEED + "\n"
                + "requests:\n"
                + "  - name: fast\n"
                + "    weight: " + s.fast() + "\n"
                + "    path: /plaintext\n"
                + "  - name: slow\n"
                + "    weight: " + s.slow() + "\n"
                + "    path: /delay?ms=" + s.delay().toMillis() + "\n";
    }

    private static String crud(ScenarioSpec s) {
        int split = writeFrom(s);
        return "name: crud\n"
                + "seed: " + Defaults.SEED + "\n"
                + "data:\n"
                + "  zipcodes: {generate: zipcodes, size: " + s.keys() + "}\n"
                + "requests:\n"
                + "  - name: read\n"
                + "    weight: " + s.reads() + "\n"
                + "    path: /zipcodes/${zip}\n"
                + "    data: zipcodes\n"
                + "    pick: random\n"
                + "    range: [0, " + split + "]\n"
                + "  - name: write\n"
                + "    weight: " + s.writes() + "\n"
                + "    method: POST\n"
                + "    path: /zipcodes\n"
                + "    headers: {Content-Type: application/json}\n"
                + "    body: '{\"zip\":\"${zip}\",\"type\":\"${type}\",\"city\":\"${city}\",\"state\":\"${state}\","
                + "\"county\":\"${county}\",\"timezone\":\"${timezone}\"}'\n"
                + "    data: zipcodes\n"
                + "    pick: unique\n"
                + "    range: [" + split + ", " + s.keys() + "]\n"
                + "    expect_status: [200, 201]\n";
    }
}
