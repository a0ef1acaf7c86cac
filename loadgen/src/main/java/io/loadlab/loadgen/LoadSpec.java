package io.loadlab.loadgen;

import io.loadlab.core.Defaults;
import io.loadlab.core.UserError;
import io.loadlab.core.unit.Duration;
import io.loadlab.core.unit.Rate;
import io.loadlab.transport.NettyTransport;
import java.net.InetAddress;
import java.nio.file.Path;
import java.util.List;

/**
 * Everything a load run needs, and the engine's only input: the command line builds it, {@link LoadGenerator} reads
 * nothing else (no arguments, no system properties). Inconsistent settings are rejected here as {@link UserError}s.
 *
 * @param rate null for the closed model (each connection sends its next request when the previous response ends);
 *     otherwise the open model's total request rate
 * @param connections the closed model's connections; the open model's initial connections
 * @param maxConnections the open model's cap on connections (a due request with none free opens one up to this)
 * @param assign how scenario requests are chosen
 * @param sourceAddresses local addresses bound round-robin; empty = let the kernel choose
 * @param warmup load sent before the measured window, not recorded
 * @param maxWarmup how long the warm-up may stretch when a {@link WarmupGate} holds the window back; equal to
 *     {@code warmup} for a fixed warm-up
 * @param hlog the HdrHistogram interval log to write, or null
 * @param http2 HTTP/2 instead of HTTP/1.1: h2c with prior knowledge for {@code http://}, ALPN {@code h2} for
 *     {@code https://}
 * @param maxStreams HTTP/2 only: the requests each connection carries at once (h2load's {@code -m}), capped by the
 *     server's SETTINGS_MAX_CONCURRENT_STREAMS; 1 for HTTP/1.1
 * @param retry how a failed attempt is retried ({@link RetryPolicy#NONE}: never)
 * @param transport the Netty transport asked for (null: {@link LoadgenDefaults#TRANSPORT}); where this host cannot run
 *     it, the next one down runs, with a note
 */
public record LoadSpec(
        Target target,
        int threads,
        int connections,
        int maxConnections,
        Duration duration,
        Duration warmup,
        Duration maxWarmup,
        Duration timeout,
        Rate rate,
        List<RequestSpec> requests,
        Assign assign,
        long seed,
        List<InetAddress> sourceAddresses,
        boolean insecure,
        Path hlog,
        String scenarioName,
        Duration interval,
        boolean http2,
        int maxStreams,
        RetryPolicy retry,
        NettyTransport transport) {

    /** How the requests of a scenario are spread; its {@link #id()} is what scenario files and the JSON say. */
    public enum Assign {
        /**
         * Every connection (closed model) or load thread (open model) cycles through one fixed sequence in which each
         * request appears exactly its weight times; closed-model connections start at staggered points of it. The
         * realized mix equals the planned one up to one cycle per connection, whatever each request costs.
         */
        SEQUENCE,
        /** Each request picks its kind by weight from a seeded generator: the plan holds on average. */
        RANDOM,
        /**
         * Connections are divided among request kinds by weight and each always sends its own (closed model only):
         * the plan divides connections, and the request mix is whatever the server's speed for each kind makes it.
         */
        PER_CONNECTION;

        public String id() {
            return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
        }
    }

    public LoadSpec {
        requests = List.copyOf(requests);
        retry = retry == null ? RetryPolicy.NONE : retry;
        transport = transport == null ? LoadgenDefaults.TRANSPORT : transport;
        sourceAddresses = List.copyOf(sourceAddresses);
        if (requests.isEmpty()) {
            throw new UserError("no request to send; give a URL or a --scenario with at least one request");
        }
        if (connections < 1) {
            throw new UserError("connections must be at least 1, got " + connections + "; raise -c");
        }
        if (threads < 1) {
            throw new UserError("threads must be at least 1, got " + threads + "; raise -t");
        }
        if (duration.nanos() < 1_000_000) {
            throw new UserError("duration must be at least 1ms, got " + duration + "; e.g. -d 10s");
        }
        if (maxWarmup == null || maxWarmup.compareTo(warmup) < 0) {
            maxWarmup = warmup;
        }
        if (timeout.nanos() < 1_000_000) {
            throw new UserError("timeout must be at least 1ms, got " + timeout + "; e.g. --timeout 10s");
        }
        if (rate != null && rate.perSecond() < threads) {
            throw new UserError("rate " + rate + " is below the thread count " + threads
                    + ": every thread needs at least 1 request/s; raise -R or lower -t");
        }
        if (rate != null && maxConnections < connections) {
            throw new UserError("--max-connections " + maxConnections + " is below -c " + connections
                    + "; raise --max-connections");
        }
        if (rate != null && assign == Assign.PER_CONNECTION) {
            throw new UserError("assign: per-connection works only in the closed model; drop -R or use sequence");
        }
        if (maxStreams < 1 || maxStreams > LoadgenDefaults.MAX_STREAMS_LIMIT) {
            throw new UserError("max streams must be 1 to " + LoadgenDefaults.MAX_STREAMS_LIMIT + ", got " + maxStreams
                    + "; e.g. -m 10");
        }
        if (!http2 && maxStreams > 1) {
            throw new UserError("-m/--max-streams " + maxStreams + " needs --http2: HTTP/1.1 carries one request per"
                    + " connection at a time");
        }
        threads = Math.min(threads, rate == null ? connections : threads);
    }

    /** The protocol spoken, as the report names it: {@code http/1.1}, {@code h2c} or {@code h2}. */
    public String protocol() {
        return !http2 ? "http/1.1" : target.tls() ? "h2" : "h2c";
    }

    public boolean open() {
        return rate != null;
    }

    /**
     * This run with another amount of load, every other setting kept: {@code connections}, the open model's cap on
     * them and its {@code rate} (null: the closed model). A load agent's share is one.
     */
    public LoadSpec withLoad(int connections, int maxConnections, Rate rate) {
        return with(connections, maxConnections, rate, hlog);
    }

    /** This run writing its HdrHistogram interval log to {@code file} (null: none). */
    public LoadSpec withHlog(Path file) {
        return with(connections, maxConnections, rate, file);
    }

    private LoadSpec with(int connections, int maxConnections, Rate rate, Path hlog) {
        Builder b = new Builder(target);
        b.threads = threads;
        b.duration = duration;
        b.warmup = warmup;
        b.maxWarmup = maxWarmup;
        b.timeout = timeout;
        b.requests = requests;
        b.assign = assign;
        b.seed = seed;
        b.sourceAddresses = sourceAddresses;
        b.insecure = insecure;
        b.scenarioName = scenarioName;
        b.interval = interval;
        b.http2 = http2;
        b.maxStreams = maxStreams;
        b.retry = retry;
        b.transport = transport;
        return b.connections(connections)
                .maxConnections(maxConnections)
                .rate(rate)
                .hlog(hlog)
                .build();
    }

    public static Builder builder(String url) {
        return new Builder(Target.parse(url));
    }

    /** Fills a {@link LoadSpec} with {@link LoadgenDefaults} (and the shared {@link Defaults}) for everything not set. Not thread-safe. */
    public static final class Builder {
        private final Target target;
        private int threads = LoadgenDefaults.threads();
        private int connections = LoadgenDefaults.CONNECTIONS;
        private Integer maxConnections;
        private Duration duration = LoadgenDefaults.DURATION;
        private Duration warmup = LoadgenDefaults.WARMUP;
        private Duration maxWarmup;
        private Duration timeout = Defaults.TIMEOUT;
        private Rate rate;
        private List<RequestSpec> requests;
        private Assign assign = Assign.SEQUENCE;
        private long seed = Defaults.SEED;
        private List<InetAddress> sourceAddresses = List.of();
        private boolean insecure;
        private Path hlog;
        private String scenarioName;
        private Duration interval = Defaults.INTERVAL;
        private boolean http2;
        private int maxStreams = LoadgenDefaults.MAX_STREAMS;
        private RetryPolicy retry = RetryPolicy.NONE;
        private NettyTransport transport;
        private String expectBody;

        private Builder(Target target) {
            this.target = target;
        }

        public Builder threads(int v) {
            threads = v;
            return this;
        }

        public Builder connections(int v) {
            connections = v;
            return this;
        }

        public Builder maxConnections(Integer v) {
            maxConnections = v;
            return this;
        }

        public Builder duration(Duration v) {
            duration = v;
            return this;
        }

        public Builder warmup(Duration v) {
            warmup = v;
            return this;
        }

        /** The most the warm-up may stretch to while a {@link WarmupGate} holds the window back. */
        public Builder maxWarmup(Duration v) {
            maxWarmup = v;
            return this;
        }

        public Builder timeout(Duration v) {
            timeout = v;
            return this;
        }

        public Builder rate(Rate v) {
            rate = v;
            return this;
        }

        public Builder requests(List<RequestSpec> v) {
            requests = v;
            return this;
        }

        public Builder assign(Assign v) {
            assign = v;
            return this;
        }

        public Builder seed(long v) {
            seed = v;
            return this;
        }

        public Builder sourceAddresses(List<InetAddress> v) {
            sourceAddresses = v;
            return this;
        }

        public Builder insecure(boolean v) {
            insecure = v;
            return this;
        }

        public Builder hlog(Path v) {
            hlog = v;
            return this;
        }

        public Builder scenarioName(String v) {
            scenarioName = v;
            return this;
        }

        public Builder interval(Duration v) {
            interval = v;
            return this;
        }

        /** HTTP/2: h2c with prior knowledge for {@code http://}, ALPN {@code h2} for {@code https://}. */
        public Builder http2(boolean v) {
            http2 = v;
            return this;
        }

        /** HTTP/2 streams per connection (h2load's {@code -m}). */
        public Builder maxStreams(int v) {
            maxStreams = v;
            return this;
        }

        /** How failed attempts are retried. */
        public Builder retry(RetryPolicy v) {
            retry = v;
            return this;
        }

        /** The Netty transport asked for; null: {@link LoadgenDefaults#TRANSPORT}. */
        public Builder transport(NettyTransport v) {
            transport = v;
            return this;
        }

        /** The scenario's requests, how they are assigned, its seed and its name. */
        /**
         * The exact body a right answer to the single {@code GET url} carries (null: any), checked on a sample of the
         * answers ({@link AnswerCheck}); a scenario's requests say their own.
         */
        public Builder expectBody(String body) {
            expectBody = body;
            return this;
        }

        public Builder scenario(Scenario s) {
            return requests(s.requests()).assign(s.assign()).seed(s.seed()).scenarioName(s.name());
        }

        public Target target() {
            return target;
        }

        public LoadSpec build() {
            List<RequestSpec> reqs = requests != null
                    ? requests
                    : List.of(RequestSpec.of("GET", target.pathAndQuery(), null, null)
                            .withExpectBody(expectBody));
            int max = maxConnections != null
                    ? maxConnections
                    : Math.max(connections, LoadgenDefaults.OPEN_MAX_CONNECTIONS);
            return new LoadSpec(
                    target,
                    threads,
                    connections,
                    max,
                    duration,
                    warmup,
                    maxWarmup,
                    timeout,
                    rate,
                    reqs,
                    assign,
                    seed,
                    sourceAddresses,
                    insecure,
                    hlog,
                    scenarioName,
                    interval,
                    http2,
                    maxStreams,
                    retry,
                    transport);
        }
    }
}
