package io.loadlab.frameworks.tomcat;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.loadlab.frameworks.common.BackendFailure;
import io.loadlab.frameworks.common.ContractText;
import io.loadlab.frameworks.common.JdbcZipCodeStore;
import io.loadlab.frameworks.common.Reasons;
import io.loadlab.frameworks.common.ZipCode;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InputStream;
import java.sql.SQLException;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * The whole contract in one plain servlet. Every waiting route blocks the Tomcat thread that serves it: {@code
 * /delay} sleeps, {@code /backend} waits on {@link BackendClient}, {@code /zipcodes} on JDBC ({@link
 * JdbcZipCodeStore}). {@code /json} is serialized by Jackson from an object on every request, as TechEmpower's rules
 * ask. Counts the requests in flight, so that a graceful stop can wait for them.
 */
final class ContractServlet extends HttpServlet {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** The contract's {@code /json} body. */
    record Message(String message) {}

    private final transient BackendClient backend;
    private final transient JdbcZipCodeStore store;
    private final transient Supplier<String> settings;
    private final transient AtomicInteger inFlight = new AtomicInteger();

    /** {@code store} is null without a database; {@code backend} answers 502 without a backend. */
    ContractServlet(BackendClient backend, JdbcZipCodeStore store, Supplier<String> settings) {
        this.backend = backend;
        this.store = store;
        this.settings = settings;
    }

    int inFlight() {
        return inFlight.get();
    }

    @Override
    protected void service(HttpServletRequest req, HttpServletResponse res) throws IOException {
        inFlight.incrementAndGet();
        try {
            route(req, res);
        } finally {
            inFlight.decrementAndGet();
        }
    }

    private void route(HttpServletRequest req, HttpServletResponse res) throws IOException {
        String path = req.getRequestURI();
        String allowed = ContractText.allowedMethod(path);
        if (allowed == null) {
            error(res, 404, ContractText.NOT_FOUND);
        } else if (!allowed.equals(req.getMethod())) {
            res.setHeader("Allow", allowed);
            error(res, 405, ContractText.METHOD_NOT_ALLOWED);
        } else {
            switch (path) {
                case "/plaintext" -> write(res, 200, ContractText.TEXT_PLAIN, ContractText.PLAINTEXT);
                case "/json" -> json(res);
                case "/delay" -> delay(req, res);
                case "/backend" -> backend(res);
                case "/health" -> health(res);
                case "/settings" -> write(res, 200, ContractText.APPLICATION_JSON, settings.get());
                case "/zipcodes" -> upsert(req, res);
                default -> find(path.substring("/zipcodes/".length()), res);
            }
        }
    }

    private static void json(HttpServletResponse res) throws IOException {
        byte[] body = JSON.writeValueAsBytes(new Message(ContractText.PLAINTEXT));
        headers(res, 200, ContractText.APPLICATION_JSON, body.length);
        res.getOutputStream().write(body);
    }

    private static void delay(HttpServletRequest req, HttpServletResponse res) throws IOException {
        int ms = ContractText.delayMillis(ContractText.msParameter(req.getQueryString()));
        if (ms < 0) {
            error(res, 400, ContractText.BAD_DELAY);
            return;
        }
        try {
            Thread.sleep(ms);
            write(res, 200, ContractText.TEXT_PLAIN, ContractText.DELAYED);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            error(res, 503, "interrupted: the server is stopping");
        }
    }

    private void backend(HttpServletResponse res) throws IOException {
        if (!backend.configured()) {
            error(res, 502, ContractText.NO_BACKEND);
            return;
        }
        try {
            byte[] body = backend.hello();
            headers(res, 200, ContractText.TEXT_PLAIN, body.length);
            res.getOutputStream().write(body);
        } catch (BackendFailure e) {
            error(res, 502, e.getMessage());
        }
    }

    private void health(HttpServletResponse res) throws IOException {
        String problem = backend.healthProblem(store == null || healthy(store) ? null : ContractText.DATABASE_DOWN);
        if (problem == null) {
            write(res, 200, ContractText.APPLICATION_JSON, ContractText.HEALTH_UP);
        } else {
            write(res, 503, ContractText.APPLICATION_JSON, ContractText.healthDown(problem));
        }
    }

    private void upsert(HttpServletRequest req, HttpServletResponse res) throws IOException {
        if (req.getContentLengthLong() > ContractText.MAX_BODY_BYTES) {
            errorAndClose(res, 413, ContractText.BODY_TOO_LARGE);
            return;
        }
        byte[] body;
        try (InputStream in = req.getInputStream()) {
            body = in.readNBytes((int) ContractText.MAX_BODY_BYTES + 1);
        } catch (IOException e) {
            errorAndClose(res, 400, ContractText.MALFORMED_REQUEST);
            return;
        }
        if (body.length > ContractText.MAX_BODY_BYTES) {
            errorAndClose(res, 413, ContractText.BODY_TOO_LARGE);
            return;
        }
        ZipCode row;
        try {
            row = ZipCode.of(JSON.readValue(body, Object.class));
        } catch (JacksonException e) {
            error(res, 400, ContractText.NOT_JSON);
            return;
        } catch (ZipCode.BadRequest e) {
            error(res, 400, e.getMessage());
            return;
        }
        if (store == null) {
            error(res, 503, ContractText.NO_DATABASE);
            return;
        }
        try {
            JdbcZipCodeStore.Upsert u = store.upsert(row);
            write(res, u.created() ? 201 : 200, ContractText.APPLICATION_JSON, u.row().toJson());
        } catch (SQLException e) {
            error(res, 503, Reasons.database(e));
        }
    }

    private void find(String zip, HttpServletResponse res) throws IOException {
        if (!ContractText.isValidZip(zip)) {
            error(res, 400, ContractText.BAD_ZIP);
        } else if (store == null) {
            error(res, 503, ContractText.NO_DATABASE);
        } else {
            try {
                Optional<ZipCode> row = store.find(zip);
                if (row.isPresent()) {
                    write(res, 200, ContractText.APPLICATION_JSON, row.get().toJson());
                } else {
                    error(res, 404, ContractText.NO_SUCH_ZIP);
                }
            } catch (SQLException e) {
                error(res, 503, Reasons.database(e));
            }
        }
    }

    private static boolean healthy(JdbcZipCodeStore store) {
        try {
            return store.healthy();
        } catch (SQLException e) {
            return false;
        }
    }

    private static void error(HttpServletResponse res, int status, String reason) throws IOException {
        write(res, status, ContractText.APPLICATION_JSON, ContractText.errorJson(reason));
    }

    /** An error after which the connection closes: the request stream can no longer be trusted. */
    private static void errorAndClose(HttpServletResponse res, int status, String reason) throws IOException {
        res.setHeader("Connection", "close");
        error(res, status, reason);
    }

    private static void write(HttpServletResponse res, int status, String type, String body) throws IOException {
        byte[] bytes = ContractText.utf8(body);
        headers(res, status, type, bytes.length);
        res.getOutputStream().write(bytes);
    }

    /** Tomcat adds {@code Date} and the connector's {@code Server: loadlab}. */
    private static void headers(HttpServletResponse res, int status, String type, int length) {
        res.setStatus(status);
        res.setContentType(type);
        res.setContentLength(length);
    }
}
