package io.loadlab.lab.trial;

import io.loadlab.core.Defaults;
import io.loadlab.core.result.LoadLevel;
import io.loadlab.core.unit.Duration;
import io.loadlab.lab.child.LoadJob;
import io.loadlab.lab.spec.ScenarioSpec;
import io.loadlab.loadgen.ScenarioDefinition;
import io.loadlab.loadgen.ScenarioDefinition.Request;
import io.loadlab.loadgen.WeightedRequest;
import io.loadlab.servers.http.Contract;
import io.loadlab.transport.NettyTransport;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The {@link LoadJob} of a trial: its scenario's requests at its load level, a warm-up and the measured window on the
 * same connections. {@code mixed} cycles a fixed sequence of fast and slow requests on every connection (or divides
 * the connections, when the suite says so); {@code crud} reads pre-loaded keys at random and writes fresh keys once
 * each (from every 5-digit zip that is not pre-loaded), at a fixed weight ratio, so the read/write mix holds steady
 * for the whole run; {@code file} sends a scenario file's requests as {@code loadlab load --scenario} would.
 */
final class LoadJobs {
    private static final String PLAINTEXT = new String(Contract.PLAINTEXT_BODY, StandardCharsets.US_ASCII);
    private static final String DELAYED = new String(Contract.DELAY_BODY, StandardCharsets.US_ASCII);

    /** A zip code's answer carries the zip it was asked for: the field the load generator checks. */
    private static final String ZIP = "zip";

    private LoadJobs() {}

    static LoadJob of(
            String baseUrl,
            ScenarioSpec s,
            LoadLevel level,
            Duration warmup,
            Duration warmupLimit,
            Duration duration,
            NettyTransport transport,
            TrialDir dir) {
        String path = singlePath(s);
        return new LoadJob(
                path == null ? baseUrl : baseUrl + path,
                level.connections(),
                level.rateRps(),
                warmup,
                warmupLimit,
                duration,
                s.overload().timeout(),
                path == null ? scenario(s) : null,
                dir.loadJson().toString(),
                dir.hlog().toString(),
                null,
                null,
                s.http2(),
                s.perConnection(),
                s.overload().retry(),
                transport,
                path == null ? null : singleBody(s));
    }

    /** The contract's answer to a single-request scenario's request, which the load generator samples under load. */
    static String singleBody(ScenarioSpec s) {
        return switch (s.kind()) {
            case PLAINTEXT, BACKEND -> PLAINTEXT;
            case JSON -> new String(Contract.JSON_BODY, StandardCharsets.US_ASCII);
            case DELAY -> DELAYED;
            case MIXED, CRUD, FILE -> null;
        };
    }

    /** The request path of a single-request scenario, or null when the scenario mixes requests. */
    static String singlePath(ScenarioSpec s) {
        return switch (s.kind()) {
            case PLAINTEXT -> "/plaintext";
            case JSON -> "/json";
            case DELAY -> "/delay?ms=" + s.delay().toMillis();
            case BACKEND -> "/backend";
            case MIXED, CRUD, FILE -> null;
        };
    }

    static ScenarioDefinition scenario(ScenarioSpec s) {
        return switch (s.kind()) {
            case MIXED ->
                new ScenarioDefinition(
                        "mixed",
                        s.mix().byConnection() ? "per-connection" : "sequence",
                        Defaults.SEED,
                        null,
                        List.of(
                                Request.get("fast", s.mix().fast(), "/plaintext", PLAINTEXT),
                                Request.get(
                                        "slow",
                                        s.mix().slow(),
                                        "/delay?ms=" + s.delay().toMillis(),
                                        DELAYED)));
            case CRUD -> crud(s.crud());
            case FILE -> s.file().definition();
            default -> throw new IllegalArgumentException(s.kind().id() + " is a single-request scenario");
        };
    }

    private static ScenarioDefinition crud(ScenarioSpec.Crud c) {
        int split = c.writeFrom();
        Request read = new Request(
                new WeightedRequest("read", c.reads(), "GET", "/zipcodes/${zip}", null, null),
                "zipcodes",
                "random",
                List.of(0, split),
                null,
                null,
                ZIP);
        Request write = new Request(
                new WeightedRequest(
                        "write",
                        c.writes(),
                        "POST",
                        "/zipcodes",
                        Map.of("Content-Type", "application/json"),
                        "{\"zip\":\"${zip}\",\"type\":\"${type}\",\"city\":\"${city}\",\"state\":\"${state}\","
                                + "\"county\":\"${county}\",\"timezone\":\"${timezone}\"}"),
                "zipcodes",
                c.fresh() ? "unique" : "random",
                List.of(split, c.writeTo()),
                List.of(200, 201),
                null,
                ZIP);
        return new ScenarioDefinition(
                "crud",
                "sequence",
                Defaults.SEED,
                Map.of("zipcodes", ScenarioDefinition.DataSource.zipCodes(ScenarioSpec.Crud.ALL_KEYS)),
                Stream.of(read, write)
                        .filter(r -> r.request().weight() > 0)
                        .toList()); // reads: 0 is the study's POST alone
    }
}
