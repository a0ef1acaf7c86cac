package io.loadlab.lab.spec;

import java.util.Locale;

/** The workloads a suite can run: each names the contract routes it uses, but {@link #FILE}, a scenario file's own. */
public enum ScenarioKind {
    PLAINTEXT,
    JSON,
    DELAY,
    MIXED,
    BACKEND,
    CRUD,
    /** The requests of a scenario file ({@link FileScenario}): a user's own routes, not the contract's. */
    FILE;

    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static ScenarioKind parse(String text) {
        for (ScenarioKind k : values()) {
            if (k.id().equalsIgnoreCase(text == null ? "" : text.trim())) {
                return k;
            }
        }
        throw new IllegalArgumentException(
                "unknown scenario '" + text + "': expected plaintext, json, delay, mixed, backend, crud or file");
    }

    /** True when trials of this scenario need the slow downstream service. */
    public boolean needsBackend() {
        return this == BACKEND;
    }

    /** True when its requests are the HTTP contract's, which every catalog model answers alike. */
    public boolean contract() {
        return this != FILE;
    }

    /** True when trials of this scenario need PostgreSQL. */
    public boolean needsDatabase() {
        return this == CRUD;
    }
}
