package io.loadlab.lab.deps;

import io.loadlab.core.UserError;
import io.loadlab.core.data.ZipCode;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The lab's own JDBC access to the suite's PostgreSQL: it resets the zip-code table before each measured run (so
 * every trial does the same work), counts the rows that {@code WORK_MISMATCH} checks, and records the
 * settings that decide durability and speed. Blocking; one short connection per call.
 */
public final class Database {
    static final String TABLE = "create table if not exists zipcode(zip char(5) primary key, type text, city text,"
            + " state text, county text, timezone text)";
    static final List<String> SETTINGS = List.of(
            "server_version",
            "fsync",
            "synchronous_commit",
            "full_page_writes",
            "shared_buffers",
            "max_connections",
            "ssl",
            "wal_level");

    /** PostgreSQL's maintenance database, which every cluster has unless someone dropped it. */
    static final String MAINTENANCE_DB = "postgres";

    private final String jdbcUrl;
    private final String user;
    private final String password;
    private final String uri;

    public Database(String jdbcUrl, String user, String password, String uri) {
        this.jdbcUrl = jdbcUrl;
        this.user = user;
        this.password = password;
        this.uri = uri;
    }

    /** Accepts {@code postgresql://user[:password]@host:port/db} or {@code jdbc:postgresql://...?user=..}. */
    public static Database fromUrl(String url) {
        if (url.startsWith("jdbc:postgresql:")) {
            return new Database(url, null, null, url);
        }
        try {
            URI u = URI.create(url);
            if (!"postgresql".equals(u.getScheme()) && !"postgres".equals(u.getScheme())) {
                throw new IllegalArgumentException("scheme");
            }
            String[] info = u.getRawUserInfo() == null
                    ? new String[0]
                    : u.getRawUserInfo().split(":", 2);
            String user = info.length > 0 ? URLDecoder.decode(info[0], StandardCharsets.UTF_8) : null;
            String pw = info.length > 1 ? URLDecoder.decode(info[1], StandardCharsets.UTF_8) : null;
            int port = u.getPort() < 0 ? 5432 : u.getPort();
            String jdbc = "jdbc:postgresql://" + u.getHost() + ":" + port + u.getRawPath();
            return new Database(jdbc, user, pw, url);
        } catch (IllegalArgumentException e) {
            throw new UserError("--db-url '" + url + "' is neither postgresql://user:password@host:port/db nor a"
                    + " jdbc:postgresql: URL");
        }
    }

    /** The URL given to servers ({@code --db-url}). */
    public String uri() {
        return uri;
    }

    /**
     * The URL given to the servers of a trial: {@link #uri} with {@code sslmode=require} added when {@code tls} (the
     * servers' drivers then encrypt without checking the certificate, which the lab made self-signed).
     */
    public String uri(boolean tls) {
        return tls ? withSslRequire(uri) : uri;
    }

    static String withSslRequire(String url) {
        return url + (url.contains("?") ? "&" : "?") + "sslmode=require";
    }

    private Connection connect() throws SQLException {
        return user == null
                ? DriverManager.getConnection(jdbcUrl)
                : DriverManager.getConnection(jdbcUrl, user, password);
    }

    /** Fails with a one-line {@link UserError} when the database cannot be reached. */
    public Map<String, String> settings() {
        Map<String, String> out = new LinkedHashMap<>();
        try (Connection c = connect();
                Statement s = c.createStatement()) {
            for (String name : SETTINGS) {
                try (ResultSet r = s.executeQuery("show " + name)) {
                    if (r.next()) {
                        out.put(name, r.getString(1));
                    }
                }
            }
        } catch (SQLException e) {
            throw new UserError(
                    "cannot reach PostgreSQL at " + jdbcUrl + ": " + e.getMessage() + "; start it or fix --db-url");
        }
        return out;
    }

    /** Empties the table and inserts {@code rows}, so each measured run starts from the same data. */
    public void reset(List<ZipCode> rows) throws SQLException {
        try (Connection c = connect()) {
            try (Statement s = c.createStatement()) {
                s.execute(TABLE);
                s.execute("truncate zipcode");
            }
            c.setAutoCommit(false);
            try (PreparedStatement p = c.prepareStatement("insert into zipcode values (?,?,?,?,?,?)")) {
                int n = 0;
                for (ZipCode z : rows) {
                    p.setString(1, z.zip());
                    p.setString(2, z.type());
                    p.setString(3, z.city());
                    p.setString(4, z.state());
                    p.setString(5, z.county());
                    p.setString(6, z.timezone());
                    p.addBatch();
                    if (++n % 1000 == 0) {
                        p.executeBatch();
                    }
                }
                p.executeBatch();
            }
            c.commit();
            try (Statement s = c.createStatement()) {
                c.setAutoCommit(true);
                s.execute("analyze zipcode");
            }
        }
    }

    /**
     * The server's connections to database {@code db} that are running a statement now, and those that use TLS; the
     * lab's own connection is left out. Uses {@code c}, which the caller keeps open while it samples.
     */
    public static int[] activity(Connection c, String db) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("select count(*) filter (where a.state = 'active'),"
                + " count(*) filter (where s.ssl) from pg_stat_activity a left join pg_stat_ssl s using (pid)"
                + " where a.datname = ? and a.pid <> pg_backend_pid()"
                + " and a.backend_type = 'client backend'")) {
            s.setString(1, db);
            try (ResultSet r = s.executeQuery()) {
                return r.next() ? new int[] {r.getInt(1), r.getInt(2)} : new int[2];
            }
        }
    }

    /** A connection for sampling {@link #activity}; the caller closes it. */
    public Connection open() throws SQLException {
        return connect();
    }

    /**
     * A probe of whether PostgreSQL still answers: {@code select 1} over a connection of its own, kept open between
     * calls and opened again when it broke, each read bounded at 2 s (a stopped server answers nothing, ever). Not
     * thread-safe: one caller.
     */
    public Probe probe() {
        return new Probe();
    }

    /** {@link #probe}'s connection and its check. */
    public final class Probe implements AutoCloseable {
        private Connection conn;

        /** True when {@code select 1} answered within 2 s. */
        public boolean answers() {
            try {
                if (conn == null || conn.isClosed()) {
                    java.util.Properties p = new java.util.Properties();
                    if (user != null) {
                        p.setProperty("user", user);
                    }
                    if (password != null) {
                        p.setProperty("password", password);
                    }
                    p.setProperty("connectTimeout", "2");
                    p.setProperty("socketTimeout", "2");
                    p.setProperty("loginTimeout", "2");
                    conn = DriverManager.getConnection(jdbcUrl, p);
                }
                try (Statement s = conn.createStatement();
                        ResultSet r = s.executeQuery("select 1")) {
                    return r.next();
                }
            } catch (SQLException e) {
                close();
                return false;
            }
        }

        @Override
        public void close() {
            if (conn != null) {
                try {
                    conn.close();
                } catch (SQLException e) {
                    // gone already
                }
                conn = null;
            }
        }
    }

    /** The database the servers use, as its URL names it. */
    public String name() {
        String rest = jdbcUrl.substring(jdbcUrl.indexOf("//") + 2);
        int slash = rest.indexOf('/');
        if (slash < 0) {
            return user == null ? "postgres" : user;
        }
        String db = rest.substring(slash + 1);
        int q = db.indexOf('?');
        return q < 0 ? db : db.substring(0, q);
    }

    /**
     * A connection to the server's maintenance database {@code postgres}, where the lab's own watching does not count
     * in the servers' database; the servers' own database where there is no other. The caller closes it.
     */
    public Connection openBeside() throws SQLException {
        if (!name().equals(MAINTENANCE_DB)) {
            String other = jdbcUrl.replaceFirst("(//[^/?]+)/[^?]*", "$1/" + MAINTENANCE_DB);
            try {
                return user == null
                        ? DriverManager.getConnection(other)
                        : DriverManager.getConnection(other, user, password);
            } catch (SQLException e) {
                // no maintenance database, or not ours to use: count beside the servers
            }
        }
        return connect();
    }

    /** Rows in the zip-code table now. */
    public long rows() throws SQLException {
        try (Connection c = connect();
                Statement s = c.createStatement();
                ResultSet r = s.executeQuery("select count(*) from zipcode")) {
            return r.next() ? r.getLong(1) : 0;
        }
    }
}
