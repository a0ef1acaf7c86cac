package io.loadlab.postgres;

import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/** What is done over JDBC once the server accepts connections: create the database, read the settings. */
final class PostgresSetup {
    /** Server settings recorded with every result, besides the ones the spec sets. */
    private static final List<String> REPORTED = List.of(
            "server_version",
            "fsync",
            "synchronous_commit",
            "full_page_writes",
            "wal_level",
            "shared_buffers",
            "max_connections",
            "work_mem",
            "ssl");

    private PostgresSetup() {}

    static Properties connectionProperties(PostgresSpec spec) {
        Properties p = new Properties();
        p.setProperty("user", spec.user());
        if (spec.password() != null) {
            p.setProperty("password", spec.password());
        }
        p.setProperty("connectTimeout", "5");
        p.setProperty("loginTimeout", "5");
        p.setProperty("socketTimeout", "60");
        p.setProperty("ApplicationName", "loadlab-postgres");
        return p;
    }

    static Map<String, String> prepare(PostgresSpec spec, int port, PostgresRunAs runAs, Path install)
            throws IOException {
        String url = "jdbc:postgresql://" + spec.host() + ":" + port + "/postgres";
        try (Connection c = DriverManager.getConnection(url, connectionProperties(spec))) {
            try (PreparedStatement q = c.prepareStatement("SELECT 1 FROM pg_database WHERE datname = ?")) {
                q.setString(1, spec.database());
                try (ResultSet rs = q.executeQuery()) {
                    if (!rs.next()) {
                        try (Statement s = c.createStatement()) {
                            s.execute("CREATE DATABASE \"" + spec.database().replace("\"", "\"\"") + "\"");
                        }
                    }
                }
            }
            Map<String, String> settings = new LinkedHashMap<>();
            try (PreparedStatement q = c.prepareStatement("SELECT current_setting(?)")) {
                for (String name : names(spec)) {
                    q.setString(1, name);
                    try (ResultSet rs = q.executeQuery()) {
                        rs.next();
                        settings.put(name, rs.getString(1));
                    }
                }
            }
            settings.put("os_user", runAs.user());
            settings.put("binaries", install.toString());
            return Map.copyOf(settings);
        } catch (SQLException e) {
            throw new IOException("PostgreSQL started but cannot be prepared: " + e.getMessage(), e);
        }
    }

    private static List<String> names(PostgresSpec spec) {
        LinkedHashSet<String> names = new LinkedHashSet<>(REPORTED);
        names.addAll(spec.effectiveSettings().keySet());
        return List.copyOf(names);
    }
}
