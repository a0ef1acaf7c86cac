package io.loadlab.servers.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.loadlab.postgres.RunningPostgres;
import io.loadlab.servers.RunningServer;
import io.loadlab.testkit.QuietHost;
import io.loadlab.testkit.contract.FakeBackend;
import io.loadlab.testkit.contract.SharedPostgres;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The checks of a model that must never block its event loops (or timer): the model checks every model passes, plus
 * the concurrency and stall proofs that only a non-blocking model can pass — so a blocking model's test class does not
 * carry them as skipped tests.
 */
public abstract class NonBlockingModelChecks extends ModelChecks {
    /**
     * The non-blocking proof: 1,000 concurrent {@code /delay?ms=200} answered within 1.5 s, and no event loop late by
     * more than 100 ms while serving them. A model that blocked would need 1,000 × 200 ms / threads, and its loops
     * would be late by the length of each block. The machine running the tests may be busy (its other processes
     * delay our threads too), so up to {@link #ATTEMPTS} attempts are made and each condition must hold in at least
     * one; a model that really blocks fails both in every attempt.
     */
    @Test
    void thousandConcurrentDelaysFinishUnderOneAndAHalfSecondsWithoutStalls() throws Exception {
        QuietHost.holds("1,000 concurrent 200 ms delays answered within 1.5 s, no event loop 100 ms late", () -> {
            RunningServer s = start(spec().build());
            ConcurrentRequests.get(s.port(), "/delay?ms=200", 100, Duration.ofSeconds(10)); // warm up
            List<String> attempts = new ArrayList<>();
            boolean inTime = false;
            boolean noStall = false;
            for (int i = 0; i < ATTEMPTS && !(inTime && noStall); i++) {
                try (StallWatchdog watchdog = StallWatchdog.watch(((EventLoopOwner) s).eventLoops())) {
                    ConcurrentRequests.Result r =
                            ConcurrentRequests.get(s.port(), "/delay?ms=200", 1_000, Duration.ofSeconds(10));
                    assertThat(r.ok()).as("answers 200 of %s", r).isEqualTo(1_000);
                    boolean settled = watchdog.settle(Duration.ofSeconds(1));
                    long late = watchdog.maxLatenessMillis();
                    attempts.add(r.elapsed().toMillis() + " ms, " + lateness(watchdog, late, settled));
                    inTime |= r.elapsed().compareTo(Duration.ofMillis(1_500)) < 0;
                    if (settled && late <= 100) {
                        watchdog.assertNoStallOver(100);
                        noStall = true;
                    }
                }
            }
            assertThat(inTime)
                    .as("1,000 concurrent 200 ms delays answered within 1,500 ms in some attempt: %s", attempts)
                    .isTrue();
            assertThat(noStall)
                    .as("no event loop late over 100 ms in some attempt: %s", attempts)
                    .isTrue();
        });
    }

    /** Load on the backend path must not stall a loop either (warmed up first, so class loading is not counted). */
    @Test
    void backendCallsNeverStallTheLoops() throws Exception {
        QuietHost.holds("no event loop 100 ms late while serving backend calls", () -> {
            FakeBackend backend = backend(new FakeBackend(50));
            RunningServer s = start(spec().backendUrl(backend.url()).build());
            noLoopStalls(s, "/backend");
        });
    }

    @Test
    void zipcodeCallsNeverStallTheLoops() throws Exception {
        QuietHost.holds("no event loop 100 ms late while serving database calls", () -> {
            RunningPostgres pg = SharedPostgres.get();
            RunningServer s = start(
                    spec().db(pg.jdbcUrl(), pg.user(), pg.password()).dbPool(4).build());
            String zip = String.format("%05d", 10_000 + (model().name().hashCode() & 0x7fff) % 80_000);
            String row = "{\"zip\":\"" + zip + "\",\"type\":\"STANDARD\",\"city\":\"Springfield\",\"state\":\"IL\","
                    + "\"county\":\"Sangamon\",\"timezone\":\"America/Chicago\"}";
            HttpResponse<String> posted = HTTP.send(
                    HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + s.port() + "/zipcodes"))
                            .header("Content-Type", "application/json")
                            .POST(HttpRequest.BodyPublishers.ofString(row))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(posted.statusCode()).isIn(200, 201);
            noLoopStalls(s, "/zipcodes/" + zip);
        });
    }

    /**
     * 200 concurrent {@code GET path} (after 20 to warm up) answered 200 with no event loop late over 100 ms, in one of
     * {@link #ATTEMPTS} attempts: a busy host can delay a loop in one, a model that blocks fails every one.
     */
    private static void noLoopStalls(RunningServer s, String path) throws Exception {
        ConcurrentRequests.get(s.port(), path, 20, Duration.ofSeconds(20)); // warm up
        List<String> attempts = new ArrayList<>();
        for (int i = 0; i < ATTEMPTS; i++) {
            try (StallWatchdog watchdog = StallWatchdog.watch(((EventLoopOwner) s).eventLoops())) {
                ConcurrentRequests.Result r = ConcurrentRequests.get(s.port(), path, 200, Duration.ofSeconds(20));
                assertThat(r.ok()).as("answers 200 of %s", r).isEqualTo(200);
                boolean settled = watchdog.settle(Duration.ofSeconds(1));
                long late = watchdog.maxLatenessMillis();
                attempts.add(lateness(watchdog, late, settled));
                if (settled && late <= 100) {
                    watchdog.assertNoStallOver(100);
                    return;
                }
            }
        }
        throw new AssertionError("an event loop stalled over 100 ms in every attempt: " + attempts);
    }

    /** What one attempt's watchdog read ({@code late}: its lateness as judged), for the failure message. */
    private static String lateness(StallWatchdog watchdog, long late, boolean settled) {
        return "max loop lateness " + late + " ms (" + watchdog.maxWallLatenessMillis() + " ms with run-queue waits)"
                + (settled ? "" : ", a loop ran no tick for 1 s after the answers");
    }
}
