package io.loadlab.servers.domain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.loadlab.core.UserError;
import io.loadlab.core.data.ZipCode;
import io.loadlab.core.unit.Duration;
import io.loadlab.postgres.EmbeddedPostgres;
import io.loadlab.postgres.PostgresSpec;
import io.loadlab.postgres.RunningPostgres;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Both drivers encrypt with {@code sslmode=require} against a self-signed certificate, and neither does without. */
class SslStoresTest {
    private static final Duration TIMEOUT = Duration.ofMillis(10_000);

    @Test
    void sslmodeRequireEncryptsJdbcAndReactiveAndDisableDoesNot() throws Exception {
        try (RunningPostgres pg = EmbeddedPostgres.start(
                        PostgresSpec.defaults().withSetting("fsync", "off").withSsl(true));
                // one plain connection counts the others throughout: a checker connection opened and closed per count
                // would linger in pg_stat_activity while its backend exits, and be counted as the store's
                Connection probe =
                        DriverManager.getConnection(pg.jdbcUrl() + "?sslmode=disable", pg.user(), pg.password())) {
            DbUrl tls = DbUrl.parse(pg.uri() + "?sslmode=require");
            DbUrl plain = DbUrl.parse(pg.uri());
            assertThat(tls.ssl()).isTrue();
            assertThat(plain.ssl()).isFalse();

            try (JdbcZipCodeStore jdbc = new JdbcZipCodeStore(tls, 2, TIMEOUT)) {
                jdbc.upsert(row("10001"));
                assertThat(connections(probe, true)).isPositive();
                assertThat(connections(probe, false)).isZero();
            }
            awaitGone(probe, true); // so that the next store's connections are counted alone
            ReactiveZipCodeStore reactive = new ReactiveZipCodeStore(tls, 2, TIMEOUT, null);
            try {
                reactive.upsert(row("10002")).toCompletableFuture().get(10, TimeUnit.SECONDS);
                assertThat(connections(probe, true)).isPositive();
                assertThat(connections(probe, false)).isZero();
            } finally {
                reactive.close();
            }
            awaitGone(probe, true);
            try (JdbcZipCodeStore jdbc = new JdbcZipCodeStore(plain, 2, TIMEOUT)) {
                jdbc.upsert(row("10003"));
                assertThat(connections(probe, false)).isPositive();
                assertThat(connections(probe, true)).isZero();
            }
        }
    }

    @Test
    void anSslmodeOnlySomeDriversKnowIsRefusedInOneLine() {
        assertThatThrownBy(() -> DbUrl.parse("postgresql://u@h:1/d?sslmode=verify-full"))
                .isInstanceOf(UserError.class)
                .hasMessageContaining("sslmode=verify-full is not supported")
                .hasMessageNotContaining("\n");
        assertThat(DbUrl.parse("jdbc:postgresql://h/d?sslmode=require&user=u").toString())
                .isEqualTo("postgresql://u@h:5432/d?sslmode=require");
    }

    private static ZipCode row(String zip) {
        return new ZipCode(zip, "STANDARD", "Portland", "OR", "Multnomah", "America/Los_Angeles");
    }

    /** Waits (at most 10 s) until a closed store's connections have left {@code pg_stat_activity}. */
    private static void awaitGone(Connection probe, boolean ssl) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (connections(probe, ssl) > 0 && System.nanoTime() - deadline < 0) {
            Thread.sleep(20);
        }
        assertThat(connections(probe, ssl))
                .as("connections left after the store closed")
                .isZero();
    }

    /** The other client connections to the database that do (or do not) use TLS. */
    private static int connections(Connection probe, boolean ssl) throws Exception {
        try (Statement s = probe.createStatement();
                ResultSet r = s.executeQuery("select count(*) from pg_stat_activity a join pg_stat_ssl s using (pid)"
                        + " where a.backend_type = 'client backend' and a.pid <> pg_backend_pid()"
                        + " and a.datname = current_database() and s.ssl = " + ssl)) {
            r.next();
            return r.getInt(1);
        }
    }
}
