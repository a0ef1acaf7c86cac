package io.loadlab.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.loadlab.core.FileTrees;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EmbeddedPostgresTest {

    @Test
    void startsServesAndCleansUp() throws Exception {
        RunningPostgres pg = EmbeddedPostgres.start(PostgresSpec.defaults());
        long pid = pg.pid();
        Path dataDir;
        try {
            assertThat(pg.port()).isPositive();
            assertThat(pg.jdbcUrl()).isEqualTo("jdbc:postgresql://127.0.0.1:" + pg.port() + "/loadlab");
            assertThat(pg.uri()).isEqualTo("postgresql://loadlab:loadlab@127.0.0.1:" + pg.port() + "/loadlab");
            assertThat(pg.settings()).containsEntry("fsync", "on").containsEntry("max_connections", "300");
            assertThat(pg.settings().get("server_version")).startsWith("17.");
            assertThat(ProcessHandle.of(pid))
                    .hasValueSatisfying(h -> assertThat(h.isAlive()).isTrue());
            try (Connection c = connect(pg);
                    Statement s = c.createStatement()) {
                s.execute("CREATE TABLE t(id int primary key, name text)");
                s.execute("INSERT INTO t VALUES (1, 'one'), (2, 'two')");
                try (ResultSet rs = s.executeQuery("SELECT name FROM t WHERE id = 2")) {
                    assertThat(rs.next()).isTrue();
                    assertThat(rs.getString(1)).isEqualTo("two");
                }
                try (ResultSet rs = s.executeQuery("SELECT current_setting('data_directory')")) {
                    rs.next();
                    dataDir = Path.of(rs.getString(1));
                }
            }
            assertThat(dataDir).exists();
        } finally {
            pg.close();
        }
        assertThat(ProcessHandle.of(pid).filter(ProcessHandle::isAlive)).isEmpty();
        assertThat(dataDir).doesNotExist();
        assertThat(dataDir.getParent()).doesNotExist();
        pg.close(); // idempotent
    }

    @Test
    void twoInstancesAtOnceOnDifferentPorts() throws Exception {
        try (RunningPostgres a = EmbeddedPostgres.start(PostgresSpec.defaults());
                RunningPostgres b =
                        EmbeddedPostgres.start(PostgresSpec.defaults().withSetting("fsync", "off"))) {
            assertThat(a.port()).isNotEqualTo(b.port());
            assertThat(a.pid()).isNotEqualTo(b.pid());
            assertThat(a.settings()).containsEntry("fsync", "on");
            assertThat(b.settings()).containsEntry("fsync", "off");
            try (Connection ca = connect(a);
                    Connection cb = connect(b);
                    Statement sa = ca.createStatement();
                    Statement sb = cb.createStatement()) {
                sa.execute("CREATE TABLE only_in_a(x int)");
                assertThatThrownBy(() -> sb.executeQuery("SELECT * FROM only_in_a"))
                        .isInstanceOf(SQLException.class);
            }
        }
    }

    @Test
    void badSettingIsAClearErrorAndLeavesNothingBehind() {
        IOException e = catchThrowableOfType(
                IOException.class,
                () -> EmbeddedPostgres.start(PostgresSpec.defaults().withSetting("no_such_setting", "1")));
        assertThat(e.getMessage())
                .startsWith("PostgreSQL exited with status")
                .contains("no_such_setting")
                .doesNotContain("\n");
        Matcher log = Pattern.compile("\\(log: (\\S+)\\)").matcher(e.getMessage());
        assertThat(log.find()).as("the message names the log").isTrue();
        assertThat(Path.of(log.group(1)).getParent()).doesNotExist();
    }

    @Test
    void logFileMayLiveWhereTheServerUserCannotGo(@TempDir Path privateDir) throws Exception {
        // the server writes to a descriptor this process opened, so a 0700 results directory is fine
        Path log = privateDir.resolve("results/postgres.log");
        try (RunningPostgres pg = EmbeddedPostgres.start(PostgresSpec.defaults().withLogFile(log))) {
            assertThat(pg.port()).isPositive();
        }
        assertThat(Files.readString(log)).contains("database system is ready to accept connections");
    }

    @Test
    void givenWorkDirIsKeptAndReused() throws Exception {
        // under java.io.tmpdir (world-searchable), not JUnit's 0700 @TempDir: the server may run as nobody
        Path work = Path.of(
                System.getProperty("java.io.tmpdir"),
                "loadlab-pg-test-" + ProcessHandle.current().pid());
        try {
            reuse(work);
        } finally {
            FileTrees.delete(work);
        }
    }

    private static void reuse(Path work) throws Exception {
        try (RunningPostgres pg = EmbeddedPostgres.start(PostgresSpec.defaults().withWorkDir(work));
                Connection c = connect(pg);
                Statement s = c.createStatement()) {
            s.execute("CREATE TABLE kept(x int)");
            s.execute("INSERT INTO kept VALUES (42)");
        }
        assertThat(work.resolve("data/PG_VERSION")).exists();
        assertThat(work.resolve("postgres.log")).exists();
        try (RunningPostgres pg = EmbeddedPostgres.start(PostgresSpec.defaults().withWorkDir(work));
                Connection c = connect(pg);
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT x FROM kept")) {
            assertThat(rs.next()).isTrue();
            assertThat(rs.getInt(1)).isEqualTo(42);
        }
    }

    private static Connection connect(RunningPostgres pg) throws SQLException {
        return DriverManager.getConnection(pg.jdbcUrl(), pg.user(), pg.password());
    }
}
