package io.loadlab.testkit.contract;

import static io.loadlab.testkit.contract.ContractHttp.JSON;
import static io.loadlab.testkit.contract.ContractHttp.TEXT;
import static io.loadlab.testkit.contract.ContractHttp.deleteZip;
import static io.loadlab.testkit.contract.ContractHttp.expect;
import static io.loadlab.testkit.contract.ContractHttp.get;
import static io.loadlab.testkit.contract.ContractHttp.post;
import static io.loadlab.testkit.contract.ContractHttp.row;
import static io.loadlab.testkit.contract.ContractHttp.rowsOf;
import static io.loadlab.testkit.contract.ContractHttp.text;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.loadlab.core.Defaults;
import io.loadlab.core.Json;
import io.loadlab.core.settings.Limit;
import io.loadlab.core.settings.ServerSettings;
import io.loadlab.core.settings.SettingsReader;
import io.loadlab.testkit.RawHttp;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The HTTP contract, row by row, against one started server with a fake backend and PostgreSQL: the same requests,
 * the same answers, byte for byte where the contract fixes the bytes. A row leaves the server as it found it, so all
 * rows run against one server. The rows that need a fresh server are {@link RestartRows}.
 */
public final class ContractRows {
    /** Requests sent on one connection to show that no model caps them. */
    static final int KEEP_ALIVE_REQUESTS = 150;

    private ContractRows() {}

    /** Every row, in the order they run. */
    public static final List<ContractRow> ALL = List.of(
            new ContractRow("every route answers the contract", ContractRows::everyRoute),
            new ContractRow("bad input is answered with JSON errors", ContractRows::badInput),
            new ContractRow("malformed and oversized requests are refused and closed", ContractRows::refused),
            new ContractRow("keeps connections alive and honours close", ContractRows::keepAlive),
            new ContractRow("zip codes are queried or inserted", ContractRows::zipcodes),
            new ContractRow("fifty clients posting one new zip store exactly one row", ContractRows::oneRowOfFifty));

    static void everyRoute(ContractTarget t) throws Exception {
        assertThat(t.backend()).as("the server must be started with a backend").isNotNull();
        expect(get(t, "/plaintext"), 200, TEXT, "Hello, World!");
        expect(get(t, "/json"), 200, JSON, "{\"message\":\"Hello, World!\"}");
        long t0 = System.nanoTime();
        expect(get(t, "/delay?ms=120"), 200, TEXT, "OK");
        assertThat((System.nanoTime() - t0) / 1_000_000).isGreaterThanOrEqualTo(120);
        expect(get(t, "/delay?ms=0"), 200, TEXT, "OK");
        long calls = t.backend().hellos();
        expect(get(t, "/backend"), 200, TEXT, "Hello, World!");
        assertThat(t.backend().hellos() - calls)
                .as("backend calls for one /backend")
                .isEqualTo(1);
        expect(get(t, "/health"), 200, JSON, "{\"status\":\"UP\"}");
        settings(t);
    }

    /**
     * {@code /settings} answers every field of the settings record the schema requires, each of its type
     * ({@link SettingsReader#problems}: the fields enumerated from the record itself), for this very process, with the
     * settings the lab gives every model alike: the backlog it was given, no cap on a connection's requests, the
     * idle timeout of every model.
     */
    static void settings(ContractTarget t) throws Exception {
        String body = text(expect(get(t, "/settings"), 200, JSON, null));
        assertThat(SettingsReader.problems(body))
                .as("/settings against the settings record")
                .isEmpty();
        ServerSettings s = SettingsReader.read(body);
        assertThat(s.model()).isEqualTo(t.model());
        assertThat(s.port()).isEqualTo(t.port());
        assertThat(s.pid()).isEqualTo(t.pid());
        assertThat(s.backlog()).as("backlog").isEqualTo(Defaults.BACKLOG);
        List<Integer> real = ListenBacklog.of(t.port());
        if (real != null) { // the kernel's own view: the backlog honoured, up to somaxconn
            int somaxconn = ListenBacklog.somaxconn();
            assertThat(real)
                    .as("the listening socket's backlog (ss -ltn)")
                    .isNotEmpty()
                    .allMatch(b -> b == Math.min(s.backlog(), somaxconn));
        }
        assertThat(s.keepAlive().maxRequests()).as("keep_alive.max_requests").isEqualTo(Limit.UNLIMITED);
        assertThat(s.keepAlive().idleTimeoutMs())
                .as("keep_alive.idle_timeout_ms")
                .isEqualTo(Limit.of(Defaults.IDLE_TIMEOUT.toMillis()));
        assertThat(s.jvm().flags()).isNotNull();
    }

    static void badInput(ContractTarget t) throws Exception {
        String badDelay = "{\"error\":\"ms must be a whole number from 0 to 60000\"}";
        for (String q : List.of("", "?ms=", "?ms=abc", "?ms=-1", "?ms=60001", "?ms=1.5")) {
            expect(get(t, "/delay" + q), 400, JSON, badDelay);
        }
        expect(get(t, "/nope"), 404, JSON, "{\"error\":\"no such path\"}");
        expect(get(t, "/zipcodes/12345/x"), 404, JSON, "{\"error\":\"no such path\"}");
        HttpResponse<byte[]> r = expect(post(t, "/plaintext", "x"), 405, JSON, "{\"error\":\"method not allowed\"}");
        assertThat(r.headers().firstValue("Allow")).hasValue("GET");
        r = expect(get(t, "/zipcodes"), 405, JSON, "{\"error\":\"method not allowed\"}");
        assertThat(r.headers().firstValue("Allow")).hasValue("POST");
        expect(post(t, "/zipcodes", "{not json"), 400, JSON, "{\"error\":\"body is not valid JSON\"}");
        expect(post(t, "/zipcodes", row("1234x")), 400, JSON, "{\"error\":\"zip must be exactly 5 digits\"}");
        expect(post(t, "/zipcodes", "{\"zip\":\"12345\"}"), 400, JSON, "{\"error\":\"field 'type' must be a string\"}");
        expect(get(t, "/zipcodes/1234"), 400, JSON, "{\"error\":\"zip must be exactly 5 digits\"}");
        // the server is still fine after all of it
        expect(get(t, "/plaintext"), 200, TEXT, "Hello, World!");
    }

    static void refused(ContractTarget t) throws Exception {
        refused(t, "GARBAGE\r\n\r\n", 400, "malformed request");
        // no HTTP/0.9: a request line without a version is malformed, not a request for a bare body
        refused(t, "GET /plaintext\r\n\r\n", 400, "malformed request");
        refused(t, "GET /plaintext HTTP/1.1\r\nHost: x\r\nno colon here\r\n\r\n", 400, "malformed request");
        refused(
                t,
                "GET /plaintext HTTP/1.1\r\nHost: x\r\nX-Big: " + "a".repeat(9 * 1024) + "\r\n\r\n",
                431,
                "request headers larger than 8 KiB");
        refused(
                t,
                "POST /zipcodes HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: "
                        + (2 * 1024 * 1024) + "\r\n\r\n{\"zip\":",
                413,
                "request body larger than 1 MiB");
        StringBuilder chunked =
                new StringBuilder("POST /zipcodes HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n");
        String chunk = "y".repeat(65_536);
        for (int i = 0; i < 17; i++) {
            chunked.append("10000\r\n").append(chunk).append("\r\n");
        }
        RawHttp.Answer a =
                RawHttp.exchange(t.port(), chunked.append("0\r\n\r\n").toString());
        assertThat(a.statusLine()).as("a chunked body over 1 MiB").contains(" 413 ");
        assertThat(a.closed()).isTrue();
        try (RawHttp c = new RawHttp(t.port())) { // a request that never finishes does not hang the others
            c.send("GET /plaintext HTTP/1.1\r\nHost: x\r\n");
            try (RawHttp d = new RawHttp(t.port())) {
                if (t.concurrentConnections()) {
                    assertThat(d.send(RawHttp.get("/plaintext", "")).read().status())
                            .isEqualTo(200);
                }
            }
        }
    }

    private static void refused(ContractTarget t, String raw, int status, String reason) throws Exception {
        try (RawHttp c = new RawHttp(t.port())) {
            RawHttp.Response r = c.send(raw).read();
            assertThat(r.status())
                    .as(raw.substring(0, Math.min(40, raw.length())))
                    .isEqualTo(status);
            ContractAssertions.headers(r, JSON);
            assertThat(r.text()).isEqualTo("{\"error\":\"" + reason + "\"}");
            assertThat(r.header("Connection")).isEqualToIgnoringCase("close");
            assertThat(c.closedByServer()).as("closed after " + status).isTrue();
        }
    }

    static void keepAlive(ContractTarget t) throws Exception {
        try (RawHttp c = new RawHttp(t.port())) {
            for (int i = 0; i < 3; i++) {
                RawHttp.Response r = c.send(RawHttp.get("/plaintext", "")).read();
                assertThat(r.status()).isEqualTo(200);
                ContractAssertions.headers(r, TEXT);
                assertThat(r.header("Connection")).isNull();
            }
            // pipelined: three requests in one write, three answers in order
            c.send(RawHttp.get("/json", "") + RawHttp.get("/plaintext", "") + RawHttp.get("/delay?ms=1", ""));
            assertThat(c.read().text()).isEqualTo("{\"message\":\"Hello, World!\"}");
            assertThat(c.read().text()).isEqualTo("Hello, World!");
            assertThat(c.read().text()).isEqualTo("OK");
            assertThat(c.openAfter(200)).isTrue();
        }
        try (RawHttp c = new RawHttp(t.port())) { // no cap on the requests a connection serves (Tomcat's was 100)
            for (int i = 0; i < KEEP_ALIVE_REQUESTS; i++) {
                RawHttp.Response r = c.send(RawHttp.get("/plaintext", "")).read();
                assertThat(r.status()).isEqualTo(200);
                assertThat(r.header("Connection"))
                        .as("answer " + (i + 1) + " on one connection")
                        .isNull();
            }
            assertThat(c.openAfter(200))
                    .as("open after " + KEEP_ALIVE_REQUESTS + " requests")
                    .isTrue();
        }
        try (RawHttp c = new RawHttp(t.port())) {
            RawHttp.Response r =
                    c.send(RawHttp.get("/plaintext", "Connection: close\r\n")).read();
            assertThat(r.status()).isEqualTo(200);
            assertThat(r.header("Connection")).isEqualToIgnoringCase("close");
            assertThat(c.closedByServer()).isTrue();
        }
        try (RawHttp c = new RawHttp(t.port())) {
            RawHttp.Response r = c.send("GET /plaintext HTTP/1.0\r\n\r\n").read();
            assertThat(r.status()).isEqualTo(200);
            ContractAssertions.headers(r, TEXT);
            assertThat(c.closedByServer())
                    .as("HTTP/1.0 without keep-alive closes")
                    .isTrue();
        }
        try (RawHttp c = new RawHttp(t.port())) {
            for (int i = 0; i < 2; i++) {
                RawHttp.Response r = c.send("GET /json HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
                        .read();
                assertThat(r.status()).isEqualTo(200);
                assertThat(r.header("Connection")).isEqualToIgnoringCase("keep-alive");
            }
            assertThat(c.openAfter(200)).isTrue();
        }
    }

    static void zipcodes(ContractTarget t) throws Exception {
        assertThat(t.db()).as("the server must be started with a database").isNotNull();
        String zip = zipFor(t, 1);
        deleteZip(t.db(), zip);
        expect(get(t, "/zipcodes/" + zip), 404, JSON, "{\"error\":\"no such zip\"}");
        String stored = text(expect(post(t, "/zipcodes", row(zip)), 201, JSON, null));
        JsonNode node = Json.mapper().readTree(stored);
        assertThat(node.path("zip").asText()).isEqualTo(zip);
        assertThat(node.path("city").asText()).isEqualTo("City " + zip);
        String again = "{\"zip\":\"" + zip + "\",\"type\":\"PO BOX\",\"city\":\"Elsewhere\",\"state\":\"ZZ\","
                + "\"county\":\"Other\",\"timezone\":\"UTC\"}";
        expect(post(t, "/zipcodes", again), 200, JSON, stored); // existing: the stored row, unchanged
        expect(get(t, "/zipcodes/" + zip), 200, JSON, stored);
        assertThat(rowsOf(t.db(), zip)).isEqualTo(1);
    }

    /** Needs the server to take 50 connections at once (the thread-pool model: 50 threads or queue places). */
    static void oneRowOfFifty(ContractTarget t) throws Exception {
        assertThat(t.db()).as("the server must be started with a database").isNotNull();
        String zip = zipFor(t, 2);
        deleteZip(t.db(), zip);
        int clients = 50;
        // one connection per client, closed after its answer: single-thread serves a connection until it closes
        String body = row(zip);
        String request = "POST /zipcodes HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                + "Content-Length: " + body.length() + "\r\nConnection: close\r\n\r\n" + body;
        CountDownLatch go = new CountDownLatch(1);
        List<Future<RawHttp.Response>> answers = new ArrayList<>();
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < clients; i++) {
                answers.add(pool.submit(() -> {
                    go.await();
                    try (RawHttp c = new RawHttp(t.port())) {
                        return c.send(request).read();
                    }
                }));
            }
            go.countDown();
            int created = 0;
            String first = null;
            for (Future<RawHttp.Response> f : answers) {
                RawHttp.Response r = f.get();
                assertThat(r.status()).as(r.text()).isIn(200, 201);
                ContractAssertions.headers(r, JSON);
                created += r.status() == 201 ? 1 : 0;
                first = first == null ? r.text() : first;
                assertThat(r.text()).isEqualTo(first);
            }
            assertThat(created).as("answers 201").isEqualTo(1);
        }
        assertThat(rowsOf(t.db(), zip)).isEqualTo(1);
    }

    /** A zip of its own per server and row, so that servers sharing a database never see each other's rows. */
    static String zipFor(ContractTarget t, int row) {
        return String.format("9%02d%02d", Math.floorMod(t.model().hashCode(), 100), row);
    }
}
