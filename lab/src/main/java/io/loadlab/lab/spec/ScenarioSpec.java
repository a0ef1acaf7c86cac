package io.loadlab.lab.spec;

import io.loadlab.core.unit.Duration;
import java.util.Locale;

/**
 * One workload. {@code delay} is the wait of the {@code delay} scenario and the slow request of {@code mixed};
 * {@code mix} is the fast/slow split of {@code mixed}; {@code crud} the read/write mix of {@code crud}; {@code https}:
 * the load generator talks HTTPS to the reference servers, with a certificate the lab makes per run (the case study
 * ran wrk over HTTPS); {@code http2}: it talks HTTP/2 ({@code protocol: h2c}, or h2 by ALPN with {@code https}) with
 * up to {@code streams} requests at once per connection; {@code file}: the scenario file of a {@code file} scenario;
 * {@code overload}: the clients' timeout and retries, and a backend slowdown in the middle of the window.
 */
public record ScenarioSpec(
        ScenarioKind kind,
        Duration delay,
        Mix mix,
        Crud crud,
        boolean https,
        boolean http2,
        int streams,
        FileScenario file,
        Overload overload) {

    /** The {@code protocol:} values of a suite. */
    public static final String HTTP1 = "http/1.1";

    public static final String H2C = "h2c";
    public static final String H2 = "h2";

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
     * The {@code crud} mix: {@code reads}:{@code writes}; {@code keys / 2} zip codes pre-loaded and read at random
     * (24,000: 12,000, the case study's ~12,000 keys); writes take fresh zip codes, each once, from every other
     * 5-digit zip ({@link #writeKeys}: 88,000 for 24,000), so they stay inserts at any rate the run cannot exhaust
     * (if it does, the load report counts the {@code wraps} and the trial is WORK_MISMATCH); whether the server talks
     * TLS to the database; and, with {@code fresh} false, the case study's own POST: writes draw at random, with
     * repeats, from the {@code keys / 2} zip codes after the pre-loaded ones, so they insert at first and query more
     * and more as the table fills.
     */
    public record Crud(int reads, int writes, int keys, boolean tls, boolean fresh) {
        public static final Crud DEFAULT = new Crud(8, 2, 24_000, false, true);

        /** Every 5-digit zip code: the contract's whole key space. */
        public static final int ALL_KEYS = 100_000;

        public Crud {
            if (reads < 0 || writes < 0 || reads + writes == 0) {
                throw new IllegalArgumentException("crud needs read and write weights, e.g. reads: 8, writes: 2");
            }
            if (keys < 2 || keys > ALL_KEYS) {
                throw new IllegalArgumentException(
                        "crud keys must be 2 to 100000 (half are pre-loaded and read), e.g. keys: 24000");
            }
        }

        /** The first key row that is written, never pre-loaded: reads use rows [0, split), writes [split, 100000). */
        public int writeFrom() {
            return keys / 2;
        }

        /** How many fresh zip codes the writes of one run can take before one repeats. */
        public int writeKeys() {
            return ALL_KEYS - writeFrom();
        }

        /** The end (exclusive) of the write keys' rows: every 5-digit zip when fresh, else {@code keys / 2} of them. */
        public int writeTo() {
            return fresh ? ALL_KEYS : Math.min(ALL_KEYS, writeFrom() + keys / 2);
        }

        /** The fresh keys the writes of an open-model run at {@code rateRps} take over {@code seconds}. */
        public long keysNeeded(double rateRps, double seconds) {
            if (!fresh) {
                return 0; // writes repeat keys on purpose: they cannot run out
            }
            return (long) Math.ceil(rateRps * writes / (reads + writes) * seconds);
        }

        /**
         * Null, or why an open-model run at {@code rateRps} for at most {@code seconds} (warm-up limit and window) would
         * run out of fresh write keys. A closed-model run's rate is not known in advance: its wraps are counted instead.
         */
        public String keySpaceProblem(double rateRps, double seconds) {
            long need = keysNeeded(rateRps, seconds);
            if (need <= writeKeys()) {
                return null;
            }
            return String.format(
                    Locale.ROOT,
                    "crud at %.0f req/s with reads:writes %d:%d may write %,d fresh zip codes in %.0f s (warm-up limit"
                            + " and window), more than the %,d 5-digit zips not pre-loaded; lower the rate, the write"
                            + " weight, warmup-limit or the duration",
                    rateRps,
                    reads,
                    writes,
                    need,
                    seconds,
                    writeKeys());
        }
    }

    public ScenarioSpec {
        if (kind == null) {
            throw new IllegalArgumentException("a scenario needs a type");
        }
        delay = delay == null ? DEFAULT_DELAY : delay;
        mix = mix == null ? Mix.DEFAULT : mix;
        crud = crud == null ? Crud.DEFAULT : crud;
        streams = streams == 0 ? 1 : streams;
        overload = overload == null ? Overload.NONE : overload;
        if (overload.trigger() != null && kind != ScenarioKind.BACKEND) {
            throw new IllegalArgumentException("a trigger slows the backend down: it needs a scenario of type backend");
        }
        Fault fault = overload.fault();
        if (fault != null && fault.target() == Fault.Target.BACKEND && !kind.needsBackend()) {
            throw new IllegalArgumentException("a fault of the backend needs a scenario that calls it: type backend");
        }
        if (fault != null && fault.target() == Fault.Target.POSTGRES && !kind.needsDatabase()) {
            throw new IllegalArgumentException("a fault of PostgreSQL needs a scenario that uses it: type crud");
        }
        if (streams < 1 || (!http2 && streams > 1)) {
            throw new IllegalArgumentException(
                    "streams is the HTTP/2 requests per connection at once (1 or more) and needs protocol: h2c or h2");
        }
        if ((kind == ScenarioKind.FILE) != (file != null)) {
            throw new IllegalArgumentException(
                    "a scenario of type file needs its path: {type: file, path: FILE}," + " and only it takes one");
        }
    }

    /** A scenario of the contract's routes. */
    public ScenarioSpec(
            ScenarioKind kind, Duration delay, Mix mix, Crud crud, boolean https, boolean http2, int streams) {
        this(kind, delay, mix, crud, https, http2, streams, null, null);
    }

    /** The requests of a scenario file, over plain HTTP/1.1 or as the base URL's scheme says. */
    public static ScenarioSpec of(FileScenario file) {
        return new ScenarioSpec(ScenarioKind.FILE, null, null, null, false, false, 1, file, null);
    }

    /** Over HTTP/1.1. */
    public ScenarioSpec(ScenarioKind kind, Duration delay, Mix mix, Crud crud, boolean https) {
        this(kind, delay, mix, crud, https, false, 1);
    }

    /** Over plain HTTP/1.1. */
    public ScenarioSpec(ScenarioKind kind, Duration delay, Mix mix, Crud crud) {
        this(kind, delay, mix, crud, false);
    }

    /** The protocol the load generator speaks: {@link #HTTP1}, {@link #H2C} or {@link #H2}. */
    public String protocol() {
        return !http2 ? HTTP1 : https ? H2 : H2C;
    }

    /** Requests in flight per connection at most: {@code streams} over HTTP/2, 1 over HTTP/1.1. */
    public int perConnection() {
        return http2 ? streams : 1;
    }

    public static ScenarioSpec of(ScenarioKind kind) {
        return new ScenarioSpec(kind, DEFAULT_DELAY, Mix.DEFAULT, Crud.DEFAULT);
    }

    public ScenarioSpec withDelay(Duration d) {
        return new ScenarioSpec(kind, d, mix, crud, https, http2, streams, file, overload);
    }

    /** This scenario with {@code o}'s timeout, retries and trigger. */
    public ScenarioSpec withOverload(Overload o) {
        return new ScenarioSpec(kind, delay, mix, crud, https, http2, streams, file, o);
    }

    /** True when this scenario's servers must talk TLS to the database: {@code crud} with {@code tls: true}. */
    public boolean databaseTls() {
        return kind == ScenarioKind.CRUD && crud.tls();
    }

    /**
     * The delay every request of this scenario waits at least, or null when the scenario has none or it is unknown
     * (a scenario file without a declared {@code wait}).
     */
    public Duration floor() {
        return switch (kind) {
            case DELAY -> delay;
            case FILE -> file.delay();
            default -> null;
        };
    }

    /**
     * A short label for output, e.g. {@code mixed 9:1 100ms}, {@code crud 8:2 tls https}, {@code plaintext h2c x10}
     * (HTTP/2 with 10 streams per connection).
     */
    public String label() {
        return (switch (kind) {
                    case DELAY -> "delay " + delay;
                    case MIXED ->
                        "mixed " + mix.fast() + ":" + mix.slow() + (mix.byConnection() ? " connections" : "") + " "
                                + delay;
                    case CRUD -> "crud " + crud.reads() + ":" + crud.writes() + (crud.tls() ? " tls" : "");
                    case FILE -> "file " + file.name() + (file.delay() == null ? "" : " " + file.delay());
                    default -> kind.id();
                })
                + (http2 ? " " + protocol() + (streams > 1 ? " x" + streams : "") : https ? " https" : "")
                + overload.label();
    }
}
