package io.loadlab.testkit.contract;

import static org.assertj.core.api.Assertions.assertThat;

import io.loadlab.postgres.RunningPostgres;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;

/** The requests and database look-ups the contract rows make, and the one way they check an answer. */
public final class ContractHttp {
    public static final String JSON = "application/json";
    public static final String TEXT = "text/plain";

    private static final HttpClient HTTP = newClient();

    private ContractHttp() {}

    /**
     * How long a check waits for an answer: what it checks is the answer, not its speed, and a call may wait out a
     * server's 10 s database timeout on a host busy enough to double it.
     */
    static final Duration ANSWER_TIMEOUT = Duration.ofSeconds(60);

    private static HttpClient newClient() {
        return HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(5))
                .build();
    }

    public static HttpResponse<byte[]> get(ContractTarget t, String path) throws Exception {
        return send(
                t,
                HttpRequest.newBuilder(URI.create(t.baseUrl() + path))
                        .timeout(ANSWER_TIMEOUT)
                        .build());
    }

    public static HttpResponse<byte[]> post(ContractTarget t, String path, String body) throws Exception {
        return send(
                t,
                HttpRequest.newBuilder(URI.create(t.baseUrl() + path))
                        .timeout(ANSWER_TIMEOUT)
                        .header("Content-Type", JSON)
                        .POST(HttpRequest.BodyPublishers.ofString(body))
                        .build());
    }

    /**
     * Sends on a shared keep-alive client; to a server that serves one connection at a time, on a client of its own
     * closed after the answer, so that no idle pooled connection holds the server's only thread.
     */
    private static HttpResponse<byte[]> send(ContractTarget t, HttpRequest request) throws Exception {
        if (t.concurrentConnections()) {
            return HTTP.send(request, HttpResponse.BodyHandlers.ofByteArray());
        }
        try (HttpClient own = newClient()) {
            return own.send(request, HttpResponse.BodyHandlers.ofByteArray());
        }
    }

    public static String text(HttpResponse<byte[]> r) {
        return new String(r.body(), StandardCharsets.UTF_8);
    }

    /** Asserts the status, the contract's headers and (unless null) the exact body; returns the answer. */
    public static HttpResponse<byte[]> expect(HttpResponse<byte[]> r, int status, String type, String body) {
        assertThat(r.statusCode()).as(r.uri() + " status; body " + text(r)).isEqualTo(status);
        ContractAssertions.headers(r, type);
        if (body != null) {
            assertThat(text(r)).as(r.uri() + " body").isEqualTo(body);
        }
        return r;
    }

    /** A {@code POST /zipcodes} body for {@code zip}. */
    public static String row(String zip) {
        return "{\"zip\":\"" + zip + "\",\"type\":\"STANDARD\",\"city\":\"City " + zip + "\",\"state\":\"NY\","
                + "\"county\":\"Kings\",\"timezone\":\"America/New_York\"}";
    }

    /** Removes {@code zip}'s row, creating the table first if the server has not yet. */
    public static void deleteZip(RunningPostgres db, String zip) throws Exception {
        try (Connection c = jdbc(db);
                Statement st = c.createStatement()) {
            st.execute("CREATE TABLE IF NOT EXISTS zipcode(zip char(5) primary key, type text, city text,"
                    + " state text, county text, timezone text)");
            st.execute("DELETE FROM zipcode WHERE zip = '" + zip + "'");
        }
    }

    public static int rowsOf(RunningPostgres db, String zip) throws Exception {
        try (Connection c = jdbc(db);
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT count(*) FROM zipcode WHERE zip = '" + zip + "'")) {
            rs.next();
            return rs.getInt(1);
        }
    }

    private static Connection jdbc(RunningPostgres db) throws Exception {
        return DriverManager.getConnection(db.jdbcUrl(), db.user(), db.password());
    }
}
