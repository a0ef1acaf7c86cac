package io.loadlab.servers.domain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.loadlab.core.UserError;
import io.loadlab.core.data.ZipCode;
import io.loadlab.core.unit.Duration;
import io.loadlab.postgres.RunningPostgres;
import io.loadlab.servers.ServerSpec;
import io.loadlab.testkit.QuietHost;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class JdbcZipCodeStoreTest {
    private static RunningPostgres pg;
    private static ZipCodeStore store;

    @BeforeAll
    static void open() {
        pg = TestDatabase.shared();
        store = ZipCodeStores.blocking(
                ServerSpec.builder("netty").db(pg.uri(), null, null).dbPool(8).build());
    }

    @AfterAll
    static void closeStore() {
        store.close();
    }

    private static ZipCode row(String zip) {
        return new ZipCode(zip, "STANDARD", "Springfield", "IL", "Sangamon", "America/Chicago");
    }

    @Test
    void upsertInsertsThenFinds() {
        String zip = TestDatabase.newZip();
        long before = store.statements();
        Upsert first = store.upsert(row(zip));
        assertThat(first.created()).isTrue();
        assertThat(first.row()).isEqualTo(row(zip));
        assertThat(store.statements() - before).isEqualTo(2); // SELECT, INSERT
        Upsert again = store.upsert(new ZipCode(zip, "PO BOX", "Elsewhere", "XX", "Other", "UTC"));
        assertThat(again.created()).isFalse();
        assertThat(again.row()).isEqualTo(row(zip)); // the stored row, not the one posted
        assertThat(store.statements() - before).isEqualTo(3);
        assertThat(store.find(zip)).contains(row(zip));
    }

    @Test
    void findMissingIsEmpty() {
        assertThat(store.find(TestDatabase.newZip())).isEmpty();
    }

    @Test
    void concurrentUpsertsOfOneNewZipInsertExactlyOnce() throws Exception {
        String zip = TestDatabase.newZip();
        int n = 50;
        ExecutorService pool = Executors.newFixedThreadPool(n);
        CountDownLatch go = new CountDownLatch(1);
        try {
            List<Future<Upsert>> all = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                all.add(pool.submit(() -> {
                    go.await();
                    return store.upsert(row(zip));
                }));
            }
            go.countDown();
            int created = 0;
            for (Future<Upsert> f : all) {
                Upsert u = f.get(30, TimeUnit.SECONDS);
                assertThat(u.row()).isEqualTo(row(zip));
                created += u.created() ? 1 : 0;
            }
            assertThat(created).isEqualTo(1);
        } finally {
            pool.shutdownNow();
        }
        assertThat(countRows(pg, zip)).isEqualTo(1);
    }

    @Test
    void settingsAndHealth() {
        assertThat(store.healthy()).isTrue();
        assertThat(store.serverVersion()).startsWith("17.");
    }

    @Test
    void unreachableDatabaseIsAOneLineUserError() throws Exception {
        int port = TestDatabase.deadPort();
        DbUrl url = DbUrl.parse("postgresql://loadlab:loadlab@127.0.0.1:" + port + "/loadlab");
        assertThatThrownBy(() -> new JdbcZipCodeStore(url, 2, Duration.ofSeconds(2)))
                .isInstanceOf(UserError.class)
                .hasMessageStartingWith("cannot reach PostgreSQL at 127.0.0.1:" + port + ": ")
                .hasMessageEndingWith("; start it or fix --db-url")
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    }

    @Test
    void databaseStoppedMidwayFailsCallsWithinTheTimeout() throws Exception {
        QuietHost.Watch host = QuietHost.watch();
        RunningPostgres own = TestDatabase.start();
        try (JdbcZipCodeStore s = new JdbcZipCodeStore(TestDatabase.url(own), 2, Duration.ofSeconds(2))) {
            String zip = TestDatabase.newZip();
            assertThat(s.upsert(row(zip)).created()).isTrue();
            own.close();
            for (int i = 0; i < 3; i++) {
                long t0 = System.nanoTime();
                assertThatThrownBy(() -> s.find(zip)).isInstanceOf(DatabaseException.class);
                host.holds(
                        "a call to a stopped database fails within 8 s",
                        () -> assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0))
                                .isLessThan(8_000));
            }
            assertThat(s.healthy()).isFalse();
        } finally {
            own.close();
        }
    }

    @Test
    void storesStartingTogetherOnAFreshDatabaseAllSucceed() throws Exception {
        RunningPostgres own = TestDatabase.start();
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<JdbcZipCodeStore>> all = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                all.add(pool.submit(() -> new JdbcZipCodeStore(TestDatabase.url(own), 1, Duration.ofSeconds(10))));
            }
            for (Future<JdbcZipCodeStore> f : all) {
                try (JdbcZipCodeStore s = f.get(60, TimeUnit.SECONDS)) {
                    assertThat(s.find("99999")).isEmpty();
                }
            }
        } finally {
            pool.shutdownNow();
            own.close();
        }
    }

    @Test
    void unknownDatabaseSaysToFixTheUrl() {
        DbUrl url = TestDatabase.url(pg);
        DbUrl wrong = new DbUrl(url.host(), url.port(), "no_such_db", url.user(), url.password());
        assertThatThrownBy(() -> new JdbcZipCodeStore(wrong, 1, Duration.ofSeconds(2)))
                .isInstanceOf(UserError.class)
                .hasMessageStartingWith("PostgreSQL at " + url.address() + " refused ")
                .hasMessageContaining("no_such_db")
                .hasMessageEndingWith("; fix --db-url");
    }

    static int countRows(RunningPostgres pg, String zip) throws Exception {
        try (Connection c = DriverManager.getConnection(pg.jdbcUrl(), pg.user(), pg.password());
                var ps = c.prepareStatement("SELECT count(*) FROM zipcode WHERE zip = ?")) {
            ps.setString(1, zip);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getInt(1);
            }
        }
    }
}
