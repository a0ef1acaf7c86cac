package io.loadlab.lab.validate;

import io.loadlab.core.ContractLimits;
import io.loadlab.core.Json;
import io.loadlab.core.Printable;
import io.loadlab.core.data.ZipCode;
import io.loadlab.core.result.ValidationResult;
import io.loadlab.lab.deps.Http;
import io.loadlab.lab.spec.ScenarioKind;
import io.loadlab.lab.spec.ScenarioSpec;
import io.loadlab.lab.validate.Http2Probe.Answer;
import io.loadlab.loadgen.RequestSpec;
import io.loadlab.loadgen.Scenario;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The validation gate: before any load, every request of the scenario is sent once, one at a time, and its answer
 * checked against the HTTP contract (a scenario file's requests: against the file's own expectations) — status, {@code Server}, {@code Date} (fresh), {@code Content-Type}, a length
 * or chunked framing, the body — then the bad-input probes. The first failing check ends validation and is the
 * reason the trial is {@code APP_BROKEN}. A user's own server ({@code strict = false}) has its own routes, not the
 * contract's: neither the {@code Server} header nor the contract's probes (404, 405, 400s) are asked of it. Blocking.
 */
public final class Validator {
    static final long DATE_SKEW_SECONDS = 5;

    /** Headers the JDK's client sets itself and refuses from a caller; a scenario file may still name them. */
    private static final Set<String> RESTRICTED = Set.of("host", "content-length", "connection", "expect", "upgrade");

    private static final int TIMEOUT_MS = 10_000;

    private final URI base;
    private final boolean strict;
    private final boolean http2;
    private final List<String> checks = new ArrayList<>();

    public Validator(String baseUrl, boolean strict) {
        this(baseUrl, strict, false);
    }

    /**
     * @param http2 every request and probe over HTTP/2 ({@link Http2Probe}: h2c with prior knowledge, or h2 by ALPN
     *     for an https base), as the load will be
     */
    public Validator(String baseUrl, boolean strict, boolean http2) {
        this.base = URI.create(baseUrl);
        this.strict = strict;
        this.http2 = http2;
    }

    /**
     * A failed check: its message is the exact check and what was seen, the server's bytes escaped ({@link
     * Printable}) here at the source, so results.json, the terminal and the report all hold inert text.
     */
    static final class CheckFailed extends Exception {
        CheckFailed(String message) {
            super(Printable.oneLine(message), null, false, false);
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
                case FILE -> fileRequests(scenario.file().parse());
            }
            if (strict) {
                probe("GET", "/no-such-path", null, 404);
                probe("POST", "/plaintext", "", 405);
                if (scenario.kind() == ScenarioKind.DELAY || scenario.kind() == ScenarioKind.MIXED) {
                    probe("GET", "/delay?ms=abc", null, 400);
                }
                if (scenario.kind() == ScenarioKind.CRUD) {
                    probe("POST", "/zipcodes", "{\"zip\":", 400);
                    probe("GET", "/zipcodes/12ab", null, 400);
                }
            }
            return new ValidationResult(true, List.copyOf(checks), null);
        } catch (CheckFailed e) {
            return new ValidationResult(false, List.copyOf(checks), e.getMessage());
        }
    }

    /** The server's {@code /settings} answer, or null when it answers none with 200 (a user's own server). */
    public String settingsBody() {
        try {
            Answer r = send("GET", "/settings", Map.of(), null);
            if (r.status() == 200) {
                return r.body();
            }
        } catch (CheckFailed e) {
            // recorded as absent
        }
        return null;
    }

    /**
     * Each request of a scenario file once, its placeholders filled from the first row of its range, checked against
     * the file's own expectations: its status ({@code expect_status}, else any 2xx or 3xx), and when given the exact
     * body ({@code expect_body}) and how the content type starts ({@code expect_content_type}). A contract server
     * must also send the contract's headers.
     */
    private void fileRequests(Scenario file) throws CheckFailed {
        for (RequestSpec r : file.requests()) {
            List<String> row = r.data() == null ? null : r.data().rows().get(r.from());
            String path = fill(r.path(), r, row);
            Map<String, String> headers = new LinkedHashMap<>();
            r.headers().forEach((k, v) -> {
                if (!RESTRICTED.contains(k.toLowerCase(Locale.ROOT))) {
                    headers.put(k, v);
                }
            });
            Answer a = send(r.method(), path, headers, r.body() == null ? null : fill(r.body(), r, row));
            String what = r.method() + " " + path + " ('" + r.name() + "'" + (http2 ? ", over HTTP/2" : "") + ")";
            check(
                    what + " → " + (r.expectStatus() == null ? "2xx or 3xx" : new TreeSet<>(r.expectStatus())),
                    r.expects(a.status()),
                    "got " + a.status() + " " + snippet(a.body()));
            String type = r.expectContentType() == null ? "" : r.expectContentType();
            if (strict) {
                headers(what, a, type);
            } else if (!type.isEmpty()) {
                String ct = a.headers().firstValue("content-type").orElse("");
                check(what + " Content-Type " + type, ct.startsWith(type), "got '" + ct + "'");
            }
            if (r.expectBody() != null) {
                check(
                        what + " body is '" + r.expectBody() + "'",
                        a.body().equals(r.expectBody()),
                        "got " + snippet(a.body()));
            }
        }
    }

    /** {@code text} with every {@code ${field}} of the request's data set replaced by {@code row}'s value. */
    private static String fill(String text, RequestSpec r, List<String> row) {
        if (row == null) {
            return text;
        }
        List<String> fields = r.data().fields();
        for (int i = 0; i < fields.size(); i++) {
            text = text.replace("${" + fields.get(i) + "}", row.get(i));
        }
        return text;
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
        Answer post = send("POST", "/zipcodes", Map.of("Content-Type", "application/json"), row);
        check(
                "POST /zipcodes → 201 or 200",
                post.status() == 201 || post.status() == 200,
                "got " + post.status() + " " + snippet(post.body()));
        headers("POST /zipcodes", post, "application/json");
        check(
                "POST /zipcodes answers the row",
                post.body().contains("\"" + sample.zip() + "\""),
                "body " + snippet(post.body()));
        Answer again = get("/zipcodes/" + sample.zip(), 200, "application/json", null);
        check(
                "GET /zipcodes/" + sample.zip() + " answers the stored row",
                again.body().contains("\"" + sample.city() + "\""),
                "body " + snippet(again.body()));
        get("/zipcodes/" + absent.zip(), 404, "application/json", null);
    }

    private Answer get(String path, int status, String type, String body) throws CheckFailed {
        Answer r = send("GET", path, Map.of(), null);
        String what = "GET " + path + (http2 ? " over HTTP/2" : "");
        check(what + " → " + status, r.status() == status, "got " + r.status() + " " + snippet(r.body()));
        headers(what, r, type);
        if (body != null) {
            check(what + " body is '" + body + "'", r.body().equals(body), "got " + snippet(r.body()));
        }
        return r;
    }

    private void headers(String what, Answer r, String type) throws CheckFailed {
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
        } catch (DateTimeParseException e) {
            check(what + " Date is an HTTP date", false, "'" + date + "'");
        }
        String ct = h.firstValue("content-type").orElse("");
        check(what + " Content-Type " + type, ct.startsWith(type), "got '" + ct + "'");
        if (http2) {
            // HTTP/2 frames the body itself (DATA until END_STREAM); a content-length, when sent, must agree
            String length = h.firstValue("content-length").orElse(null);
            int bytes = r.body().getBytes(StandardCharsets.UTF_8).length;
            check(
                    what + " content-length, when sent, matches the body",
                    length == null || length.equals(Integer.toString(bytes)),
                    "content-length " + length + " for " + bytes + " bytes");
            return;
        }
        boolean framed = h.firstValue("content-length").isPresent()
                || h.firstValue("transfer-encoding")
                        .map(v -> v.contains("chunked"))
                        .orElse(false);
        check(what + " has Content-Length or chunked encoding", framed, "neither");
    }

    private void probe(String method, String path, String body, int status) throws CheckFailed {
        int got;
        try {
            got = http2
                    ? Http2Probe.exchange(
                                    base,
                                    method,
                                    path,
                                    body == null ? Map.of() : Map.of("content-type", "application/json"),
                                    body,
                                    TIMEOUT_MS)
                            .status()
                    : RawProbe.status(base, method, path, body, TIMEOUT_MS);
        } catch (IOException e) {
            throw new CheckFailed(method + " " + path + " → " + status + ": no answer (" + e.getMessage() + ")");
        }
        check(
                method + " " + path + (http2 ? " over HTTP/2" : "") + " → " + status,
                got == status,
                got < 0 ? "no HTTP answer" : "got " + got);
    }

    /** One request, over HTTP/2 when the scenario speaks it, else by the JDK's client over HTTP/1.1. */
    private Answer send(String method, String path, Map<String, String> headers, String body) throws CheckFailed {
        if (http2) {
            try {
                return Http2Probe.exchange(base, method, path, headers, body, TIMEOUT_MS);
            } catch (IOException e) {
                throw new CheckFailed(method + " " + path + " over HTTP/2: no answer ("
                        + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()) + ")");
            }
        }
        HttpRequest.Builder b = HttpRequest.newBuilder(base.resolve(path))
                .method(
                        method,
                        body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        headers.forEach(b::header);
        HttpResponse<String> r = send(b);
        return new Answer(r.statusCode(), r.headers(), r.body());
    }

    private HttpResponse<String> send(HttpRequest.Builder b) throws CheckFailed {
        HttpRequest req = b.timeout(Duration.ofMillis(TIMEOUT_MS)).build();
        // One client per request, closed after it: a pooled idle connection would hold a single-threaded server.
        try (HttpClient http = Http.client()) {
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
