package io.loadlab.lab.spec;

import io.loadlab.core.unit.Duration;

/**
 * One workload. {@code delay} is the wait of the {@code delay} scenario and the slow request of {@code mixed};
 * {@code mix} is the fast/slow split of {@code mixed}; {@code crud} the read/write mix of {@code crud}.
 */
public record ScenarioSpec(ScenarioKind kind, Duration delay, Mix mix, Crud crud) {

    public static final Duration DEFAULT_DELAY = Duration.ofMillis(100);

    /**
     * The {@code mixed} split: {@code fast}:{@code slow} of the requests (every connection cycles a sequence holding
     * {@code fast} fast and {@code slow} slow requests, so the realized mix is the planned one), or of the connections
     * when {@code byConnection} (each connection always sends the same request, as two wrk runs side by side do: the
     * request mix is then whatever each request's speed makes it).
     */
    public record Mix(int fast, int slow, boolean byConnection) {
        public static final Mix DEFAULT = new Mix(9, 1, false);

        public Mix {
            if (fast < 0 || slow < 0 || fast + slow == 0) {
                throw new IllegalArgumentException("mixed needs fast and slow weights, e.g. fast: 9, slow: 1");
            }
        }

        /** The share of slow requests (or connections) in the plan. */
        public double slowShare() {
            return slow / (double) (fast + slow);
        }
    }

    /**
     * The {@code crud} mix: {@code reads}:{@code writes}, over a key space of {@code keys} zip codes (half pre-loaded
     * and read, half written once each), and whether the server talks TLS to the database.
     */
    public record Crud(int reads, int writes, int keys, boolean tls) {
        public static final Crud DEFAULT = new Crud(8, 2, 24_000, false);

        public Crud {
            if (reads < 0 || writes < 0 || reads + writes == 0) {
                throw new IllegalArgumentException("crud needs read and write weights, e.g. reads: 8, writes: 2");
            }
            if (keys < 2) {
                throw new IllegalArgumentException("crud needs a key space of at least 2 keys, e.g. keys: 24000");
            }
        }

        /** The first key row that is written, never pre-loaded: reads use rows [0, split), writes [split, keys). */
        public int writeFrom() {
            return keys / 2;
        }
    }

    public ScenarioSpec {
        if (kind == null) {
            throw new IllegalArgumentException("a scenario needs a type");
        }
        delay = delay == null ? DEFAULT_DELAY : delay;
        mix = mix == null ? Mix.DEFAULT : mix;
        crud = crud == null ? Crud.DEFAULT : crud;
    }

    public static ScenarioSpec of(ScenarioKind kind) {
        return new ScenarioSpec(kind, DEFAULT_DELAY, Mix.DEFAULT, Crud.DEFAULT);
    }

    public ScenarioSpec withDelay(Duration d) {
        return new ScenarioSpec(kind, d, mix, crud);
    }

    /** The delay every request of this scenario waits at least, or null when the scenario has none. */
    public Duration floor() {
        return kind == ScenarioKind.DELAY ? delay : null;
    }

    /** A short label for output, e.g. {@code mixed 9:1 100ms}. */
    public String label() {
        return switch (kind) {
            case DELAY -> "delay " + delay;
            case MIXED ->
                "mixed " + mix.fast() + ":" + mix.slow() + (mix.byConnection() ? " connections" : "") + " " + delay;
            case CRUD -> "crud " + crud.reads() + ":" + crud.writes() + (crud.tls() ? " tls" : "");
            default -> kind.id();
        };
    }
}
