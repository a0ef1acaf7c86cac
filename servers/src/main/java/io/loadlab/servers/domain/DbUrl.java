package io.loadlab.servers.domain;

import io.loadlab.core.UserError;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where PostgreSQL is and who to be there, parsed from what {@code --db-url} accepts: a psql-style URI
 * {@code postgresql://user[:password]@host[:port]/db} (or {@code postgres://}) or a JDBC URL
 * {@code jdbc:postgresql://host[:port]/db?user=..&password=..}. The port defaults to 5432. {@link #toString} hides
 * the password.
 *
 * <p>{@code ?sslmode=require} makes every model's client encrypt its connections (without checking the server's
 * certificate: the lab's embedded PostgreSQL has a self-signed one); {@code sslmode=disable}, the default, makes
 * them all plain, so that no model is alone in paying for TLS (JDBC would otherwise {@code prefer} it).
 */
public record DbUrl(String host, int port, String database, String user, String password, String sslMode) {
    /** The client modes every model's driver implements alike. */
    public static final String SSL_DISABLE = "disable";

    public static final String SSL_REQUIRE = "require";

    public DbUrl {
        sslMode = sslMode == null || sslMode.isEmpty() ? SSL_DISABLE : sslMode;
        if (!sslMode.equals(SSL_DISABLE) && !sslMode.equals(SSL_REQUIRE)) {
            throw new UserError("bad database URL: sslmode=" + sslMode + " is not supported; use sslmode=require or"
                    + " sslmode=disable");
        }
    }

    public DbUrl(String host, int port, String database, String user, String password) {
        this(host, port, database, user, password, SSL_DISABLE);
    }

    /** True when the connections must use TLS ({@code sslmode=require}). */
    public boolean ssl() {
        return sslMode.equals(SSL_REQUIRE);
    }

    private static final Pattern URI_FORM = Pattern.compile(
            "(?:postgresql|postgres)://(?:([^:@/]*)(?::([^@/]*))?@)?(\\[[^\\]]+\\]|[^:/?]+)(?::(\\d+))?/([^?]+)(?:\\?(.*))?");
    private static final Pattern JDBC_FORM =
            Pattern.compile("jdbc:postgresql://(\\[[^\\]]+\\]|[^:/?]+)(?::(\\d+))?/([^?]+)(?:\\?(.*))?");
    private static final String EXPECTED = "expected postgresql://user:password@host:port/db or"
            + " jdbc:postgresql://host:port/db?user=..&password=..";

    public static DbUrl parse(String text) {
        String s = text == null ? "" : text.trim();
        Matcher m = URI_FORM.matcher(s);
        if (m.matches()) {
            DbUrl u = new DbUrl(
                    m.group(3), port(m.group(4), s), decode(m.group(5)), decode(m.group(1)), decode(m.group(2)));
            return u.withQuery(m.group(6));
        }
        m = JDBC_FORM.matcher(s);
        if (m.matches()) {
            return new DbUrl(m.group(1), port(m.group(2), s), decode(m.group(3)), null, null).withQuery(m.group(4));
        }
        throw new UserError("bad database URL '" + redact(s) + "': " + EXPECTED);
    }

    /** The same server with {@code user}/{@code password} replaced where they are not null. */
    public DbUrl withCredentials(String user, String password) {
        return new DbUrl(
                host,
                port,
                database,
                user != null ? user : this.user,
                password != null ? password : this.password,
                sslMode);
    }

    /** {@code jdbc:postgresql://host:port/db}, without credentials (they are passed apart). */
    public String jdbcUrl() {
        return "jdbc:postgresql://" + host + ":" + port + "/" + database;
    }

    /** Host without IPv6 brackets, as socket APIs want it. */
    public String bareHost() {
        return host.startsWith("[") ? host.substring(1, host.length() - 1) : host;
    }

    /** {@code host:port}, for messages. */
    public String address() {
        return host + ":" + port;
    }

    @Override
    public String toString() {
        return "postgresql://" + (user == null ? "" : user + (password == null ? "" : ":***") + "@") + address() + "/"
                + database + (ssl() ? "?sslmode=require" : "");
    }

    private DbUrl withQuery(String query) {
        if (query == null || query.isEmpty()) {
            return this;
        }
        DbUrl u = this;
        for (String pair : query.split("&")) {
            int eq = pair.indexOf('=');
            String key = eq < 0 ? pair : pair.substring(0, eq);
            String value = eq < 0 ? "" : decode(pair.substring(eq + 1));
            if (key.equals("user")) {
                u = new DbUrl(u.host, u.port, u.database, value, u.password, u.sslMode);
            } else if (key.equals("password")) {
                u = new DbUrl(u.host, u.port, u.database, u.user, value, u.sslMode);
            } else if (key.equals("sslmode")) {
                u = new DbUrl(u.host, u.port, u.database, u.user, u.password, value);
            }
        }
        return u;
    }

    private static int port(String text, String url) {
        if (text == null) {
            return 5432;
        }
        int p = Integer.parseInt(text);
        if (p < 1 || p > 65535) {
            throw new UserError("bad database URL '" + redact(url) + "': port must be 1..65535");
        }
        return p;
    }

    private static String decode(String s) {
        return s == null ? null : URLDecoder.decode(s.replace("+", "%2B"), StandardCharsets.UTF_8);
    }

    private static String redact(String url) {
        return url.replaceAll("(://[^:@/]*:)[^@/]*@", "$1***@").replaceAll("(password=)[^&]*", "$1***");
    }
}
