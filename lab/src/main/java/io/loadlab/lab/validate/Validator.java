package io.loadlab.lab.validate;

import com.fasterxml.jackson.core.type.TypeReference;
import io.loadlab.core.ContractLimits;
import io.loadlab.core.Json;
import io.loadlab.core.data.ZipCode;
import io.loadlab.core.result.ValidationResult;
import io.loadlab.lab.spec.ScenarioSpec;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The validation gate: before any load, every request of the scenario is sent once, one at a time, and its answer
 * checked against the HTTP contract — status, {@code Server}, {@code Date} (fresh), {@code Content-Type}, a length
 * or chunked framing, the body — then the bad-input probes. The first failing check ends validation and is the
 * reason the trial is {@code APP_BROKEN}. For a user's own server ({@code strict = false}) the {@code Server} header
 * and the bad-input probes other than 404 are not required. Blocking.
 */
public final class Validator {
    static final long DATE_SKEW_SECONDS = 5;
    private static final int TIMEOUT_MS = 10_000;

    private final URI base;
    private final boolean strict;
    private final List<String> checks = new ArrayList<>();

    public Validator(String baseUrl, boolean strict) {
        this.base = URI.create(baseUrl);
        this.strict = strict;
    }

    /** A failed check: its message is the exact check and what was seen. */
    static final class CheckFailed extends Exception {
        CheckFailed(String message) {
            super(message, null, false, false);
        }
    }

    /** Validates the scenario's requests; {@code sample} is a zip-code row for crud (else null). */
    public ValidationResult validate(ScenarioSpec scenario, ZipCode sample, ZipCode absent) {
        try {
            switch (scenario.kind()) {
                case PLAINTEXT -> get("/plaintext", 200, "text/plain", "Hello, World!");
                case JSON -> get("/json", 200, "application/json", "{\"message\":\"Hello, World!\"}");
                case DELAY -> delay(scenario);
                case MIXED -> {
                    get("/plaintext", 200, "text/plain", "Hello, World!");
                    delay(scenario);
                }
                case BACKEND -> get("/backend", 200, "text/plain", "Hello, World!");
                case CRUD -> crud(sample, absent);
            }
            probe("GET", "/no-such-path", null, 404);
            if (strict) {
                probe("POST", "/plaintext", "", 405);
                if (scenario.kind() == io.loadlab.lab.spec.ScenarioKind.DELAY
                        || scenario.kind() == io.loadlab.lab.spec.ScenarioKind.MIXED) {
                    probe("GET", "/delay?ms=abc", null, 400);
                }
                if (scenario.kind() == io.loadlab.lab.spec.ScenarioKind.CRUD) {
                    probe("POST", "/zipcodes", "{\"zip\":", 400);
                    probe("GET", "/zipcodes/12ab", null, 400);
                }
            }
            return new ValidationResult(true, List.copyOf(checks), null);
        } catch (CheckFailed e) {
            return new ValidationResult(false, List.copyOf(checks), e.getMessage());
        }
    }

    /** The server's {@code /settings} JSON, or an empty map when it has none (a user's own server). */
    public Map<String, Object> settings() {
        try {
            HttpResponse<String> r =
                    send(HttpRequest.newBuilder(base.resolve("/settings")).GET());
            if (r.statusCode() == 200) {
                return Json.mapper().readValue(r.body(), new TypeReference<>() {});
            }
        } catch (IOException | CheckFailed e) {
            // recorded as absent
        }
        return Map.of();
    }

    private void delay(ScenarioSpec s) throws CheckFailed {
        long ms = s.delay().toMillis();
        long start = System.nanoTime();
        get("/delay?ms=" + ms, 200, "text/plain", "OK");
        long took = (System.nanoTime() - start) / 1_000_000;
        check("GET /delay?ms=" + ms + " took at least " + ms + " ms", took >= ms, "it took " + took + " ms");
    }

    private void crud(ZipCode sample, ZipCode absent) throws CheckFailed {
        String row = Json.write(sample);
        HttpResponse<String> post = send(HttpRequest.newBuilder(base.resolve("/zipcodes"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(row)));
        check(
                "POST /zipcodes → 201 or 200",
                post.statusCode() == 201 || post.statusCode() == 200,
                "got " + post.statusCode() + " " + snippet(post.body()));
        headers("POST /zipcodes", post, "application/json");
        check(
                "POST /zipcodes answers the row",
                post.body().contains("\"" + sample.zip() + "\""),
                "body " + snippet(post.body()));
        HttpResponse<String> again = get("/zipcodes/" + sample.zip(), 200, "application/json", null);
        check(
                "GET /zipcodes/" + sample.zip() + " answers the stored row",
                again.body().contains("\"" + sample.city() + "\""),
                "body " + snippet(again.body()));
        get("/zipcodes/" + absent.zip(), 404, "application/json", null);
    }

    private HttpResponse<String> get(String path, int status, String type, String body) throws CheckFailed {
        HttpResponse<String> r = send(HttpRequest.newBuilder(base.resolve(path)).GET());
        String what = "GET " + path;
        check(what + " → " + status, r.statusCode() == status, "got " + r.statusCode() + " " + snippet(r.body()));
        headers(what, r, type);
        if (body != null) {
            check(what + " body is '" + body + "'", r.body().equals(body), "got " + snippet(r.body()));
        }
        return r;
    }

    private void headers(String what, HttpResponse<String> r, String type) throws CheckFailed {
        var h = r.headers();
        if (strict) {
            check(
                    what + " has 'Server: " + ContractLimits.SERVER_HEADER + "'",
                    h.firstValue("server")
                            .map(ContractLimits.SERVER_HEADER::equals)
                            .orElse(false),
                    "got " + h.firstValue("server").orElse("none"));
        }
        String date = h.firstValue("date").orElse(null);
        check(what + " has a Date header", date != null, "none");
        try {
            long skew = Math.abs(ZonedDateTime.parse(date, DateTimeFormatter.RFC_1123_DATE_TIME)
                            .toEpochSecond()
                    - System.currentTimeMillis() / 1000);
            check(
                    what + " Date within " + DATE_SKEW_SECONDS + " s of now",
                    skew <= DATE_SKEW_SECONDS,
                    "'" + date + "' is " + skew + " s off: the server caches a stale Date");
        } catch (java.time.format.DateTimeParseException e) {
            check(what + " Date is an HTTP date", false, "'" + date + "'");
        }
        String ct = h.firstValue("content-type").orElse("");
        check(what + " Content-Type " + type, ct.startsWith(type), "got '" + ct + "'");
        boolean framed = h.firstValue("content-length").isPresent()
                || h.firstValue("transfer-encoding")
                        .map(v -> v.contains("chunked"))
                        .orElse(false);
        check(what + " has Content-Length or chunked encoding", framed, "neither");
    }

    private void probe(String method, String path, String body, int status) throws CheckFailed {
        int got;
        try {
            got = RawProbe.status(base, method, path, body, TIMEOUT_MS);
        } catch (IOException e) {
            throw new CheckFailed(method + " " + path + " → " + status + ": no answer (" + e.getMessage() + ")");
        }
        check(method + " " + path + " → " + status, got == status, got < 0 ? "no HTTP answer" : "got " + got);
    }

    private HttpResponse<String> send(HttpRequest.Builder b) throws CheckFailed {
        HttpRequest req = b.timeout(java.time.Duration.ofMillis(TIMEOUT_MS)).build();
        // One client per request, closed after it: a pooled idle connection would hold a single-threaded server.
        try (HttpClient http = io.loadlab.lab.deps.Http.client()) {
            return http.send(req, HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new CheckFailed(req.method() + " " + req.uri().getRawPath() + ": no answer ("
                    + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()) + ")");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CheckFailed("validation interrupted");
        }
    }

    private void check(String name, boolean ok, String seen) throws CheckFailed {
        if (!ok) {
            throw new CheckFailed(name + ": " + seen);
        }
        checks.add(name);
    }

    private static String snippet(String body) {
        String s = body == null ? "" : body.replace('\n', ' ');
        return s.length() > 80 ? "'" + s.substring(0, 80) + "…'" : "'" + s + "'";
    }
}
