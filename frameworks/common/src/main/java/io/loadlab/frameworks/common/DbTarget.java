package io.loadlab.frameworks.common;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Map;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where PostgreSQL is, from {@code LOADLAB_DB_URL} in the forms the reference servers accept: {@code
 * postgresql://user[:password]@host[:port]/db[?sslmode=require|disable]} (or {@code postgres://}) or {@code
 * jdbc:postgresql://host[:port]/db?user=..&password=..}. {@code sslmode} defaults to {@code disable}, as for the
 * reference servers, so that no model alone pays for TLS; {@code require} encrypts without checking the certificate.
 *
 * @param jdbcUrl {@code jdbc:postgresql://host:port/db?sslmode=...}, without credentials
 */
public record DbTarget(String jdbcUrl, String address, String user, String password, String sslMode) {
    private static final Pattern URI_FORM = Pattern.compile(
            "(?:postgresql|postgres)://(?:([^:@/]*)(?::([^@/]*))?@)?(\\[[^\\]]+\\]|[^:/?]+)(?::(\\d+))?/([^?]+)(?:\\?(.*))?");
    private static final Pattern JDBC_FORM =
            Pattern.compile("jdbc:postgresql://(\\[[^\\]]+\\]|[^:/?]+)(?::(\\d+))?/([^?]+)(?:\\?(.*))?");

    /** Parses {@code text}; an {@link IllegalArgumentException} with a one-line reason when it is not one. */
    public static DbTarget parse(String text) {
        String s = text.trim();
        String host;
        String port;
        String db;
        String user = null;
        String password = null;
        String query;
        Matcher m = URI_FORM.matcher(s);
        if (m.matches()) {
            user = decode(m.group(1));
            password = decode(m.group(2));
            host = m.group(3);
            port = m.group(4);
            db = decode(m.group(5));
            query = m.group(6);
        } else if ((m = JDBC_FORM.matcher(s)).matches()) {
            host = m.group(1);
            port = m.group(2);
            db = decode(m.group(3));
            query = m.group(4);
        } else {
            throw new IllegalArgumentException("LOADLAB_DB_URL: expected postgresql://user:password@host:port/db or"
                    + " jdbc:postgresql://host:port/db?user=..&password=..");
        }
        String sslMode = "disable";
        for (String pair : query == null ? new String[0] : query.split("&")) {
            int eq = pair.indexOf('=');
            String key = eq < 0 ? pair : pair.substring(0, eq);
            String value = eq < 0 ? "" : decode(pair.substring(eq + 1));
            switch (key) {
                case "user" -> user = value;
                case "password" -> password = value;
                case "sslmode" -> sslMode = value;
                default -> {}
            }
        }
        if (!sslMode.equals("disable") && !sslMode.equals("require")) {
            throw new IllegalArgumentException(
                    "LOADLAB_DB_URL: sslmode=" + sslMode + " is not supported; use require or disable");
        }
        String address = host + ":" + (port == null ? "5432" : port);
        return new DbTarget(
                "jdbc:postgresql://" + address + "/" + db + "?sslmode=" + sslMode, address, user, password, sslMode);
    }

    /**
     * True when PostgreSQL answers on a fresh connection of its own, bounded by 2 s, so that a saturated pool does
     * not read as a database down.
     */
    public boolean answersFresh() {
        Properties p = new Properties();
        p.putAll(Map.of("connectTimeout", "2", "loginTimeout", "2", "socketTimeout", "2", "sslmode", sslMode));
        if (user != null) {
            p.setProperty("user", user);
        }
        if (password != null) {
            p.setProperty("password", password);
        }
        try (Connection c = DriverManager.getConnection(jdbcUrl, p)) {
            return c.isValid(2);
        } catch (SQLException e) {
            return false;
        }
    }

    private static String decode(String s) {
        return s == null ? null : URLDecoder.decode(s.replace("+", "%2B"), StandardCharsets.UTF_8);
    }

    @Override
    public String toString() {
        return jdbcUrl + (user == null ? "" : " as " + user);
    }
}
