package io.loadlab.lab.spec;

import io.loadlab.core.unit.Duration;

/**
 * One workload. {@code delay} is the {@code /delay} of the {@code delay} scenario and the slow request of
 * {@code mixed}; {@code fast}:{@code slow} divides the connections of {@code mixed} (9:1 = 90% of connections on
 * {@code /plaintext}, 10% on {@code /delay}). {@code reads}:{@code writes} is the weight ratio of {@code crud},
 * {@code keys} its key space (half pre-loaded and read, half written once each), {@code tls} whether the server
 * talks TLS to the database.
 */
public record ScenarioSpec(
        ScenarioKind kind, Duration delay, int fast, int slow, int reads, int writes, int keys, boolean tls) {

    public static final Duration DEFAULT_DELAY = Duration.ofMillis(100);

    public ScenarioSpec {
        if (kind == null) {
            throw new IllegalArgumentException("a scenario needs a type");
        }
        if (delay == null) {
            delay = DEFAULT_DELAY;
        }
        if (fast < 0 || slow < 0 || (kind == ScenarioKind.MIXED && fast + slow == 0)) {
            throw new IllegalArgumentException("mixed needs fast and slow connection weights, e.g. fast: 9, slow: 1");
        }
        if (reads < 0 || writes < 0 || (kind == ScenarioKind.CRUD && reads + writes == 0)) {
            throw new IllegalArgumentException("crud needs read and write weights, e.g. reads: 8, writes: 2");
        }
        if (kind == ScenarioKind.CRUD && keys < 2) {
            throw new IllegalArgumentException("crud needs a key space of at least 2 keys, e.g. keys: 24000");
        }
    }

    public static ScenarioSpec of(ScenarioKind kind) {
        return new ScenarioSpec(kind, DEFAULT_DELAY, 9, 1, 8, 2, 24_000, false);
    }

    public ScenarioSpec withDelay(Duration d) {
        return new ScenarioSpec(kind, d, fast, slow, reads, writes, keys, tls);
    }

    /** The delay every request of this scenario waits at least, or null when the scenario has none. */
    public Duration floor() {
        return switch (kind) {
            case DELAY -> delay;
            default -> null;
        };
    }

    /** A short label for output, e.g. {@code mixed 9:1 100ms}. */
    public String label() {
        return switch (kind) {
            case DELAY -> "delay " + delay;
            case MIXED -> "mixed " + fast + ":" + slow + " " + delay;
            case CRUD -> "crud " + reads + ":" + writes + (tls ? " tls" : "");
            default -> kind.id();
        };
    }
}
