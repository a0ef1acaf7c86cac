package io.loadlab.lab.spec;

import java.util.Locale;

/** The workloads a suite can run; each names the contract routes it uses. */
public enum ScenarioKind {
    PLAINTEXT,
    JSON,
    DELAY,
    MIXED,
    BACKEND,
    CRUD;

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
                "unknown scenario '" + text + "': expected plaintext, json, delay, mixed, backend or crud");
    }

    /** True when trials of this scenario need the slow downstream service. */
    public boolean needsBackend() {
        return this == BACKEND;
    }

    /** True when trials of this scenario need PostgreSQL. */
    public boolean needsDatabase() {
        return this == CRUD;
    }
}
