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
                PostgresSpec.defaults().withSetting("fsync", "off").withSsl(true))) {
            DbUrl tls = DbUrl.parse(pg.uri() + "?sslmode=require");
            DbUrl plain = DbUrl.parse(pg.uri());
            assertThat(tls.ssl()).isTrue();
            assertThat(plain.ssl()).isFalse();

            try (JdbcZipCodeStore jdbc = new JdbcZipCodeStore(tls, 2, TIMEOUT)) {
                jdbc.upsert(row("10001"));
                assertThat(connections(pg, true)).isPositive();
                assertThat(connections(pg, false)).isZero();
            }
            ReactiveZipCodeStore reactive = new ReactiveZipCodeStore(tls, 2, TIMEOUT, null);
            try {
                reactive.upsert(row("10002")).toCompletableFuture().get(10, TimeUnit.SECONDS);
                assertThat(connections(pg, true)).isPositive();
                assertThat(connections(pg, false)).isZero();
            } finally {
                reactive.close();
            }
            try (JdbcZipCodeStore jdbc = new JdbcZipCodeStore(plain, 2, TIMEOUT)) {
                jdbc.upsert(row("10003"));
                assertThat(connections(pg, false)).isPositive();
                assertThat(connections(pg, true)).isZero();
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

    /** The other client connections to the database that do (or do not) use TLS. */
    private static int connections(RunningPostgres pg, boolean ssl) throws Exception {
        try (Connection c = DriverManager.getConnection(pg.jdbcUrl() + "?sslmode=disable", pg.user(), pg.password());
                Statement s = c.createStatement();
                ResultSet r = s.executeQuery("select count(*) from pg_stat_activity a join pg_stat_ssl s using (pid)"
                        + " where a.backend_type = 'client backend' and a.pid <> pg_backend_pid()"
                        + " and a.datname = current_database() and s.ssl = " + ssl)) {
            r.next();
            return r.getInt(1);
        }
    }
}
