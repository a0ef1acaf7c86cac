package io.loadlab.testkit.contract;

import static io.loadlab.testkit.contract.ContractHttp.JSON;
import static io.loadlab.testkit.contract.ContractHttp.TEXT;
import static io.loadlab.testkit.contract.ContractHttp.expect;
import static io.loadlab.testkit.contract.ContractHttp.get;
import static io.loadlab.testkit.contract.ContractHttp.text;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.loadlab.core.Json;
import io.loadlab.postgres.RunningPostgres;
import io.loadlab.testkit.QuietHost;
import io.loadlab.testkit.RawHttp;
import java.net.ConnectException;
import java.net.Socket;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;

/**
 * The contract rows that need a server of their own, because they take a dependency away or stop the server: each
 * starts one with its {@link ContractLauncher} and stops it again.
 */
public final class RestartRows {
    private RestartRows() {}

    /** A lost backend and a graceful stop; {@link #databaseLoss} apart, since it waits out the database timeout. */
    public static List<ContractRow> of(ContractLauncher launcher) {
        return List.of(
                new ContractRow("a lost backend is answered 502 and the server stays up", t -> lostBackend(launcher)),
                new ContractRow(
                        "close lets the request in flight finish within five seconds", t -> stopInFlight(launcher)));
    }

    /** A database lost after start: answered 503 and the server stays up. */
    public static ContractRow databaseLoss(ContractLauncher launcher) {
        return new ContractRow("a database lost after start is answered 503", t -> lostDatabase(launcher));
    }

    static void lostBackend(ContractLauncher launcher) throws Exception {
        FakeBackend own = new FakeBackend(1);
        try (ContractTarget s = launcher.start(own, null)) {
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

    static void stopInFlight(ContractLauncher launcher) throws Exception {
        QuietHost.Watch host = QuietHost.watch();
        ContractTarget s = launcher.start(null, null);
        try (RawHttp inFlight = new RawHttp(s.port())) {
            inFlight.send(RawHttp.get("/delay?ms=400", ""));
            Thread.sleep(100);
            long t0 = System.nanoTime();
            CompletableFuture<Void> closing = CompletableFuture.runAsync(() -> {
                try {
                    s.close();
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            RawHttp.Response r = inFlight.read();
            assertThat(r.status()).as("the request in flight is answered").isEqualTo(200);
            assertThat(r.text()).isEqualTo("OK");
            closing.get(10, TimeUnit.SECONDS);
            host.holds(
                    "a server stops within 5 s of close()",
                    () -> assertThat((System.nanoTime() - t0) / 1_000_000)
                            .as("close() in ms")
                            .isLessThan(5_000));
        }
        assertThatThrownBy(() -> new Socket(s.host(), s.port()).close())
                .as("no longer accepting")
                .isInstanceOf(ConnectException.class);
    }

    static void lostDatabase(ContractLauncher launcher) throws Exception {
        RunningPostgres own = SharedPostgres.startOwn();
        try (ContractTarget s = launcher.start(null, own)) {
            expect(get(s, "/zipcodes/12345"), 404, JSON, "{\"error\":\"no such zip\"}");
            own.close();
            answersDatabaseDown(s);
        } finally {
            own.close();
        }
    }

    /**
     * What a server whose database went away answers: 503 {@code database: ...} for zip codes, 503 DOWN for health,
     * and still 200 for what needs no database. A call may wait out the server's database timeout.
     */
    public static void answersDatabaseDown(ContractTarget s) throws Exception {
        // both may wait out the database timeout: side by side
        CompletableFuture<HttpResponse<byte[]>> health = CompletableFuture.supplyAsync(() -> {
            try {
                return get(s, "/health");
            } catch (Exception e) {
                throw new CompletionException(e);
            }
        });
        HttpResponse<byte[]> r = get(s, "/zipcodes/12345");
        assertThat(r.statusCode()).as(s.model() + ": " + text(r)).isEqualTo(503);
        ContractAssertions.headers(r, JSON);
        assertThat(text(r)).as(s.model()).startsWith("{\"error\":\"database: ");
        r = health.get(ContractHttp.ANSWER_TIMEOUT.toSeconds() + 10, TimeUnit.SECONDS);
        assertThat(r.statusCode()).as(s.model() + ": " + text(r)).isEqualTo(503);
        assertThat(Json.mapper().readTree(r.body()).path("status").asText()).isEqualTo("DOWN");
        expect(get(s, "/plaintext"), 200, TEXT, "Hello, World!");
    }
}
