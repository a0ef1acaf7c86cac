package io.loadlab.servers.domain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.loadlab.core.UserError;
import io.loadlab.core.data.ZipCode;
import io.loadlab.core.unit.Duration;
import io.loadlab.postgres.RunningPostgres;
import io.loadlab.servers.ServerSpec;
import io.loadlab.testkit.QuietHost;
import io.vertx.core.Vertx;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class ReactiveZipCodeStoreTest {
    private static RunningPostgres pg;
    private static AsyncZipCodeStore store;

    @BeforeAll
    static void open() {
        pg = TestDatabase.shared();
        store = ZipCodeStores.async(
                ServerSpec.builder("netty")
                        .db(pg.jdbcUrl(), pg.user(), pg.password())
                        .dbPool(8)
                        .build(),
                null);
    }

    @AfterAll
    static void closeStore() {
        store.close();
    }

    private static ZipCode row(String zip) {
        return new ZipCode(zip, "STANDARD", "Portland", "OR", "Multnomah", "America/Los_Angeles");
    }

    private static <T> T get(CompletionStage<T> stage) throws Exception {
        return stage.toCompletableFuture().get(30, TimeUnit.SECONDS);
    }

    @Test
    void upsertInsertsThenFinds() throws Exception {
        String zip = TestDatabase.newZip();
        long before = store.statements();
        Upsert first = get(store.upsert(row(zip)));
        assertThat(first.created()).isTrue();
        assertThat(first.row()).isEqualTo(row(zip));
        assertThat(store.statements() - before).isEqualTo(2);
        Upsert again = get(store.upsert(new ZipCode(zip, "PO BOX", "Elsewhere", "XX", "Other", "UTC")));
        assertThat(again.created()).isFalse();
        assertThat(again.row()).isEqualTo(row(zip));
        assertThat(get(store.find(zip))).contains(row(zip));
        assertThat(get(store.find(TestDatabase.newZip()))).isEmpty();
    }

    @Test
    void concurrentUpsertsOfOneNewZipInsertExactlyOnce() throws Exception {
        String zip = TestDatabase.newZip();
        List<CompletableFuture<Upsert>> all = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            all.add(store.upsert(row(zip)).toCompletableFuture());
        }
        int created = 0;
        for (CompletableFuture<Upsert> f : all) {
            Upsert u = f.get(30, TimeUnit.SECONDS);
            assertThat(u.row()).isEqualTo(row(zip));
            created += u.created() ? 1 : 0;
        }
        assertThat(created).isEqualTo(1);
        assertThat(JdbcZipCodeStoreTest.countRows(pg, zip)).isEqualTo(1);
    }

    @Test
    void usesTheVertxItIsGivenAndLeavesItOpen() throws Exception {
        Vertx vertx = Vertx.vertx();
        try {
            try (ReactiveZipCodeStore s =
                    new ReactiveZipCodeStore(TestDatabase.url(pg), 2, Duration.ofSeconds(5), vertx)) {
                assertThat(get(s.healthy())).isTrue();
                assertThat(s.serverVersion()).startsWith("17.");
                // A continuation added after the query already finished runs on this thread instead; try until
                // one is added in time, and require that one to run on the given Vert.x's event loop.
                String caller = Thread.currentThread().getName();
                String completedOn = caller;
                for (int i = 0; i < 50 && completedOn.equals(caller); i++) {
                    CompletableFuture<String> thread = new CompletableFuture<>();
                    s.find(TestDatabase.newZip())
                            .thenRun(
                                    () -> thread.complete(Thread.currentThread().getName()));
                    completedOn = thread.get(10, TimeUnit.SECONDS);
                }
                assertThat(completedOn).startsWith("vert.x-eventloop");
            }
            // still usable after the store closed
            assertThat(vertx.setTimer(1, id -> {})).isNotNegative();
        } finally {
            vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void unreachableDatabaseIsAOneLineUserError() throws Exception {
        int port = TestDatabase.deadPort();
        DbUrl url = DbUrl.parse("postgresql://loadlab@127.0.0.1:" + port + "/loadlab");
        assertThatThrownBy(() -> new ReactiveZipCodeStore(url, 2, Duration.ofSeconds(2), null))
                .isInstanceOf(UserError.class)
                .hasMessageStartingWith("cannot reach PostgreSQL at 127.0.0.1:" + port + ": ")
                .hasMessageEndingWith("; start it or fix --db-url");
    }

    @Test
    void databaseStoppedMidwayFailsCallsWithinTheTimeout() throws Exception {
        QuietHost.Watch host = QuietHost.watch();
        RunningPostgres own = TestDatabase.start();
        try (ReactiveZipCodeStore s = new ReactiveZipCodeStore(TestDatabase.url(own), 2, Duration.ofSeconds(2), null)) {
            String zip = TestDatabase.newZip();
            assertThat(get(s.upsert(row(zip))).created()).isTrue();
            own.close();
            for (int i = 0; i < 3; i++) {
                long t0 = System.nanoTime();
                CompletableFuture<Optional<ZipCode>> f = s.find(zip).toCompletableFuture();
                assertThatThrownBy(() -> f.get(10, TimeUnit.SECONDS))
                        .isInstanceOf(ExecutionException.class)
                        .cause()
                        .isInstanceOf(DatabaseException.class);
                host.holds(
                        "a call to a stopped database fails within 8 s",
                        () -> assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0))
                                .isLessThan(8_000));
            }
            assertThat(get(s.healthy())).isFalse();
        } finally {
            own.close();
        }
    }
}
