package io.loadlab.servers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.loadlab.backend.BackendServer;
import io.loadlab.backend.BackendSpec;
import io.loadlab.backend.RunningBackend;
import io.loadlab.core.Json;
import io.loadlab.core.UserError;
import io.loadlab.postgres.EmbeddedPostgres;
import io.loadlab.postgres.PostgresSpec;
import io.loadlab.postgres.RunningPostgres;
import io.loadlab.testkit.RawHttp;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The HTTP contract, row by row, against every registered model with a real PostgreSQL and a slow backend: the
 * same requests, the same answers, byte for byte where the contract fixes the bytes.
 */
@Timeout(120)
class ContractTest {
    private static final String JSON = "application/json";
    private static final String TEXT = "text/plain";

    private static RunningPostgres pg;
    private static RunningBackend backend;
    private static HttpClient http;

    @BeforeAll
    static void dependencies() throws Exception {
        pg = EmbeddedPostgres.start(PostgresSpec.defaults());
        backend = BackendServer.start(BackendSpec.defaults().withDelay(io.loadlab.core.unit.Duration.ofMillis(20)));
        http = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(5))
                .build();
    }

    @AfterAll
    static void stop() {
        if (backend != null) {
            backend.close();
        }
        if (pg != null) {
            pg.close();
        }
        if (http != null) {
            http.close();
        }
    }

    static Stream<ServerModel> models() {
        return ServerModels.all().stream();
    }

    private static RunningServer start(ServerModel model, UnaryOperator<ServerSpec.Builder> more) throws Exception {
        return model.start(
                more.apply(ServerSpec.builder(model.name()).threads(8).queue(16))
                        .build());
    }

    private static RunningServer startWithDependencies(ServerModel model) throws Exception {
        return start(model, b -> b.db(pg.jdbcUrl(), pg.user(), pg.password()).backendUrl(backend.url()));
    }

    private static HttpResponse<byte[]> get(RunningServer s, String path) throws Exception {
        return http.send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + s.port() + path))
                        .timeout(Duration.ofSeconds(20))
                        .build(),
                HttpResponse.BodyHandlers.ofByteArray());
    }

    private static HttpResponse<byte[]> post(RunningServer s, String path, String body) throws Exception {
        return http.send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + s.port() + path))
                        .timeout(Duration.ofSeconds(20))
                        .header("Content-Type", JSON)
                        .POST(HttpRequest.BodyPublishers.ofString(body))
                        .build(),
                HttpResponse.BodyHandlers.ofByteArray());
    }

    private static String text(HttpResponse<byte[]> r) {
        return new String(r.body(), java.nio.charset.StandardCharsets.UTF_8);
    }

    private static HttpResponse<byte[]> expect(HttpResponse<byte[]> r, int status, String type, String body) {
        assertThat(r.statusCode()).as(r.uri() + " status; body " + text(r)).isEqualTo(status);
        ContractAssertions.headers(r, type);
        if (body != null) {
            assertThat(text(r)).as(r.uri() + " body").isEqualTo(body);
        }
        return r;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void everyRouteAnswersTheContract(ServerModel model) throws Exception {
        try (RunningServer s = startWithDependencies(model)) {
            expect(get(s, "/plaintext"), 200, TEXT, "Hello, World!");
            expect(get(s, "/json"), 200, JSON, "{\"message\":\"Hello, World!\"}");
            long t0 = System.nanoTime();
            expect(get(s, "/delay?ms=120"), 200, TEXT, "OK");
            assertThat((System.nanoTime() - t0) / 1_000_000).isGreaterThanOrEqualTo(120);
            expect(get(s, "/delay?ms=0"), 200, TEXT, "OK");
            long calls = backend.requests();
            expect(get(s, "/backend"), 200, TEXT, "Hello, World!");
            assertThat(backend.requests() - calls)
                    .as("backend calls for one /backend")
                    .isEqualTo(1);
            expect(get(s, "/health"), 200, JSON, "{\"status\":\"UP\"}");
            JsonNode settings = Json.mapper()
                    .readTree(expect(get(s, "/settings"), 200, JSON, null).body());
            assertThat(settings.path("model").asText()).isEqualTo(model.name());
            assertThat(settings.path("port").asInt()).isEqualTo(s.port());
            assertThat(settings.path("pid").asLong())
                    .isEqualTo(ProcessHandle.current().pid());
            assertThat(settings.path("jvm").path("flags").isArray()).isTrue();
            assertThat(Json.mapper().readTree(Json.write(s.settings()))).isEqualTo(settings);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void badInputIsAnsweredWithJsonErrors(ServerModel model) throws Exception {
        try (RunningServer s = startWithDependencies(model)) {
            String badDelay = "{\"error\":\"ms must be a whole number from 0 to 60000\"}";
            for (String q : List.of("", "?ms=", "?ms=abc", "?ms=-1", "?ms=60001", "?ms=1.5")) {
                expect(get(s, "/delay" + q), 400, JSON, badDelay);
            }
            expect(get(s, "/nope"), 404, JSON, "{\"error\":\"no such path\"}");
            expect(get(s, "/zipcodes/12345/x"), 404, JSON, "{\"error\":\"no such path\"}");
            HttpResponse<byte[]> r =
                    expect(post(s, "/plaintext", "x"), 405, JSON, "{\"error\":\"method not allowed\"}");
            assertThat(r.headers().firstValue("Allow")).hasValue("GET");
            r = expect(get(s, "/zipcodes"), 405, JSON, "{\"error\":\"method not allowed\"}");
            assertThat(r.headers().firstValue("Allow")).hasValue("POST");
            expect(post(s, "/zipcodes", "{not json"), 400, JSON, "{\"error\":\"body is not valid JSON\"}");
            expect(post(s, "/zipcodes", row("1234x")), 400, JSON, "{\"error\":\"zip must be exactly 5 digits\"}");
            expect(get(s, "/zipcodes/1234"), 400, JSON, "{\"error\":\"zip must be exactly 5 digits\"}");
            // the server is still fine after all of it
            expect(get(s, "/plaintext"), 200, TEXT, "Hello, World!");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void malformedAndOversizedRequestsAreRefusedAndClosed(ServerModel model) throws Exception {
        try (RunningServer s = start(model, b -> b)) {
            refused(s, "GARBAGE\r\n\r\n", 400, "malformed request");
            refused(s, "GET /plaintext HTTP/1.1\r\nHost: x\r\nno colon here\r\n\r\n", 400, "malformed request");
            refused(
                    s,
                    "GET /plaintext HTTP/1.1\r\nHost: x\r\nX-Big: " + "a".repeat(9 * 1024) + "\r\n\r\n",
                    431,
                    "request headers larger than 8 KiB");
            refused(
                    s,
                    "POST /zipcodes HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: "
                            + (2 * 1024 * 1024) + "\r\n\r\n{\"zip\":",
                    413,
                    "request body larger than 1 MiB");
            try (RawHttp c = new RawHttp(s.port())) { // a request that never finishes does not hang the others
                c.send("GET /plaintext HTTP/1.1\r\nHost: x\r\n");
                try (RawHttp d = new RawHttp(s.port())) {
                    if (!model.name().equals("single-thread")) { // single-thread serves one connection at a time
                        RawHttp.Response ok =
                                d.send(RawHttp.get("/plaintext", "")).read();
                        assertThat(ok.status()).isEqualTo(200);
                    }
                }
            }
        }
    }

    private static void refused(RunningServer s, String raw, int status, String reason) throws Exception {
        try (RawHttp c = new RawHttp(s.port())) {
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

    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void keepsConnectionsAliveAndHonoursClose(ServerModel model) throws Exception {
        try (RunningServer s = start(model, b -> b)) {
            try (RawHttp c = new RawHttp(s.port())) {
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
            try (RawHttp c = new RawHttp(s.port())) {
                RawHttp.Response r = c.send(RawHttp.get("/plaintext", "Connection: close\r\n"))
                        .read();
                assertThat(r.status()).isEqualTo(200);
                assertThat(r.header("Connection")).isEqualToIgnoringCase("close");
                assertThat(c.closedByServer()).isTrue();
            }
            try (RawHttp c = new RawHttp(s.port())) {
                RawHttp.Response r = c.send("GET /plaintext HTTP/1.0\r\n\r\n").read();
                assertThat(r.status()).isEqualTo(200);
                ContractAssertions.headers(r, TEXT);
                assertThat(c.closedByServer())
                        .as("HTTP/1.0 without keep-alive closes")
                        .isTrue();
            }
            try (RawHttp c = new RawHttp(s.port())) {
                for (int i = 0; i < 2; i++) {
                    RawHttp.Response r = c.send("GET /json HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
                            .read();
                    assertThat(r.status()).isEqualTo(200);
                    assertThat(r.header("Connection")).isEqualToIgnoringCase("keep-alive");
                }
                assertThat(c.openAfter(200)).isTrue();
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void zipcodesAreQueriedOrInserted(ServerModel model) throws Exception {
        String zip = zipFor(model, 1);
        deleteZip(zip);
        try (RunningServer s = startWithDependencies(model)) {
            expect(get(s, "/zipcodes/" + zip), 404, JSON, "{\"error\":\"no such zip\"}");
            String stored = text(expect(post(s, "/zipcodes", row(zip)), 201, JSON, null));
            JsonNode node = Json.mapper().readTree(stored);
            assertThat(node.path("zip").asText()).isEqualTo(zip);
            assertThat(node.path("city").asText()).isEqualTo("City " + zip);
            String again = "{\"zip\":\"" + zip + "\",\"type\":\"PO BOX\",\"city\":\"Elsewhere\",\"state\":\"ZZ\","
                    + "\"county\":\"Other\",\"timezone\":\"UTC\"}";
            expect(post(s, "/zipcodes", again), 200, JSON, stored); // existing: the stored row, unchanged
            expect(get(s, "/zipcodes/" + zip), 200, JSON, stored);
        }
        assertThat(rowsOf(zip)).isEqualTo(1);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void fiftyClientsPostingOneNewZipStoreExactlyOneRow(ServerModel model) throws Exception {
        String zip = zipFor(model, 2);
        deleteZip(zip);
        int clients = 50;
        try (RunningServer s = start(
                        model,
                        b -> b.db(pg.jdbcUrl(), pg.user(), pg.password())
                                .threads(clients)
                                .queue(clients));
                ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            // one connection per client, closed after its answer: single-thread serves a connection until it closes
            String body = row(zip);
            String request = "POST /zipcodes HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                    + "Content-Length: " + body.length() + "\r\nConnection: close\r\n\r\n" + body;
            CountDownLatch go = new CountDownLatch(1);
            List<Future<RawHttp.Response>> answers = new ArrayList<>();
            for (int i = 0; i < clients; i++) {
                answers.add(pool.submit(() -> {
                    go.await();
                    try (RawHttp c = new RawHttp(s.port())) {
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
        assertThat(rowsOf(zip)).isEqualTo(1);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void lostDependenciesAreAnsweredAndTheServerStaysUp(ServerModel model) throws Exception {
        RunningBackend own =
                BackendServer.start(BackendSpec.defaults().withDelay(io.loadlab.core.unit.Duration.ofMillis(1)));
        try (RunningServer s = start(model, b -> b.backendUrl(own.url()))) {
            expect(get(s, "/backend"), 200, TEXT, "Hello, World!");
            own.close();
            HttpResponse<byte[]> r = expect(get(s, "/backend"), 502, JSON, null);
            assertThat(text(r)).startsWith("{\"error\":\"backend: ");
            r = expect(get(s, "/health"), 503, JSON, null);
            assertThat(Json.mapper().readTree(r.body()).path("status").asText()).isEqualTo("DOWN");
            expect(get(s, "/zipcodes/12345"), 503, JSON, null);
            expect(get(s, "/plaintext"), 200, TEXT, "Hello, World!");
        } finally {
            own.close();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void refusesToStartOnABusyPortOrUnreachableDependencies(ServerModel model) throws Exception {
        try (ServerSocket busy = new ServerSocket(0, 1, java.net.InetAddress.getByName("127.0.0.1"))) {
            assertThatThrownBy(() -> start(model, b -> b.port(busy.getLocalPort())))
                    .isInstanceOf(UserError.class)
                    .hasMessageContaining("port " + busy.getLocalPort())
                    .hasMessageContaining("in use")
                    .hasMessageContaining("--port");
            int free = busy.getLocalPort();
            busy.close();
            assertThatThrownBy(() -> start(model, b -> b.backendUrl(URI.create("http://127.0.0.1:" + free))))
                    .isInstanceOf(UserError.class)
                    .hasMessageContaining("backend");
            assertThatThrownBy(() -> start(
                            model, b -> b.db("jdbc:postgresql://127.0.0.1:" + free + "/loadlab", "loadlab", "loadlab")))
                    .isInstanceOf(UserError.class)
                    .hasMessageContaining("PostgreSQL");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void closeLetsTheRequestInFlightFinishAndStopsWithinFiveSeconds(ServerModel model) throws Exception {
        RunningServer s = start(model, b -> b);
        int port = s.port();
        try (RawHttp inFlight = new RawHttp(port)) {
            inFlight.send(RawHttp.get("/delay?ms=400", ""));
            Thread.sleep(100);
            long t0 = System.nanoTime();
            java.util.concurrent.CompletableFuture<Void> closing =
                    java.util.concurrent.CompletableFuture.runAsync(s::close);
            RawHttp.Response r = inFlight.read();
            assertThat(r.status()).as("the request in flight is answered").isEqualTo(200);
            assertThat(r.text()).isEqualTo("OK");
            closing.get(10, java.util.concurrent.TimeUnit.SECONDS);
            assertThat((System.nanoTime() - t0) / 1_000_000).as("close() in ms").isLessThan(5_000);
        }
        assertThatThrownBy(() -> new java.net.Socket("127.0.0.1", port).close())
                .as("no longer accepting")
                .isInstanceOf(java.net.ConnectException.class);
    }

    @org.junit.jupiter.api.Test
    void aDatabaseLostAfterStartIsAnswered503AndEveryServerStaysUp() throws Exception {
        RunningPostgres own = EmbeddedPostgres.start(PostgresSpec.defaults());
        List<RunningServer> servers = new ArrayList<>();
        try {
            for (ServerModel m : ServerModels.all()) {
                servers.add(start(
                        m, b -> b.db(own.jdbcUrl(), own.user(), own.password()).dbPool(2)));
            }
            for (RunningServer s : servers) {
                expect(get(s, "/zipcodes/12345"), 404, JSON, "{\"error\":\"no such zip\"}");
            }
            own.close();
            // each lost call may wait out the store's timeout: check the models side by side
            try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
                List<Future<?>> checks = new ArrayList<>();
                for (RunningServer s : servers) {
                    checks.add(pool.submit(() -> {
                        answersDatabaseDown(s);
                        return null;
                    }));
                }
                for (Future<?> f : checks) {
                    f.get();
                }
            }
        } finally {
            for (RunningServer s : servers) {
                s.close();
            }
            own.close();
        }
    }

    private static void answersDatabaseDown(RunningServer s) throws Exception {
        String model = (String) s.settings().get("model");
        HttpResponse<byte[]> r = get(s, "/zipcodes/12345");
        assertThat(r.statusCode()).as(model + ": " + text(r)).isEqualTo(503);
        ContractAssertions.headers(r, JSON);
        assertThat(text(r)).as(model).startsWith("{\"error\":\"database: ");
        r = get(s, "/health");
        assertThat(r.statusCode()).as(model + ": " + text(r)).isEqualTo(503);
        assertThat(Json.mapper().readTree(r.body()).path("status").asText()).isEqualTo("DOWN");
        expect(get(s, "/plaintext"), 200, TEXT, "Hello, World!");
    }

    static String row(String zip) {
        return "{\"zip\":\"" + zip + "\",\"type\":\"STANDARD\",\"city\":\"City " + zip + "\",\"state\":\"NY\","
                + "\"county\":\"Kings\",\"timezone\":\"America/New_York\"}";
    }

    /** A zip of its own per model and test, so models never see each other's rows. */
    private static String zipFor(ServerModel model, int test) {
        int i = ServerModels.all().indexOf(model);
        return String.format("9%02d%02d", i, test);
    }

    private static Connection jdbc() throws Exception {
        return DriverManager.getConnection(pg.jdbcUrl(), pg.user(), pg.password());
    }

    private static void deleteZip(String zip) throws Exception {
        try (Connection c = jdbc();
                Statement st = c.createStatement()) {
            st.execute("CREATE TABLE IF NOT EXISTS zipcode(zip char(5) primary key, type text, city text,"
                    + " state text, county text, timezone text)");
            st.execute("DELETE FROM zipcode WHERE zip = '" + zip + "'");
        }
    }

    private static int rowsOf(String zip) throws Exception {
        try (Connection c = jdbc();
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT count(*) FROM zipcode WHERE zip = '" + zip + "'")) {
            rs.next();
            return rs.getInt(1);
        }
    }
}
