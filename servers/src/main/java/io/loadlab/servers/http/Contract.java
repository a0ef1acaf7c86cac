package io.loadlab.servers.http;

import com.fasterxml.jackson.databind.ObjectWriter;
import io.loadlab.core.ContractLimits;
import io.loadlab.core.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The HTTP contract shared by every model, so that each answers byte for byte the same: routes, bodies, content
 * types, error bodies. A model decides only how it waits; what it answers comes from here.
 *
 * <p>Every error answer is {@code application/json} {@code {"error":"..."}}. Errors found while parsing the request
 * (400 malformed, 431, 413) also close the connection, since the stream can no longer be trusted.
 */
public final class Contract {
    private Contract() {}

    public static final String SERVER = ContractLimits.SERVER_HEADER;
    public static final String TEXT_PLAIN = "text/plain";
    public static final String APPLICATION_JSON = "application/json";

    public static final byte[] PLAINTEXT_BODY = ascii("Hello, World!");
    /** What {@link #jsonBody()} serializes to: the contract's bytes, which the tests hold every model to. */
    public static final byte[] JSON_BODY = ascii("{\"message\":\"Hello, World!\"}");

    /** The message of {@code GET /json}. */
    public static final String MESSAGE = "Hello, World!";

    private static final ObjectWriter MESSAGE_WRITER = Json.mapper().writerFor(Message.class);

    /** The object {@code GET /json} answers with, made and serialized per request. */
    public record Message(String message) {}

    public static final byte[] DELAY_BODY = ascii("OK");
    public static final byte[] HEALTH_UP_BODY = ascii("{\"status\":\"UP\"}");

    public static final String ZIPCODES_PATH = "/zipcodes";
    public static final String ZIPCODE_PREFIX = "/zipcodes/";

    // Error reasons: one line each, never a stack trace.
    public static final String MALFORMED_REQUEST = "malformed request";
    public static final String HEADERS_TOO_LARGE = "request headers larger than 8 KiB";
    public static final String BODY_TOO_LARGE = "request body larger than 1 MiB";
    public static final String NOT_FOUND = "no such path";
    public static final String METHOD_NOT_ALLOWED = "method not allowed";
    public static final String BAD_DELAY = "ms must be a whole number from 0 to " + ContractLimits.MAX_DELAY_MS;
    public static final String BAD_ZIP = "zip must be exactly 5 digits";
    public static final String OVERLOADED = "overloaded: request queue full";
    public static final String NO_BACKEND = "backend not configured (start the server with --backend-url)";
    public static final String NO_DATABASE = "database not configured (start the server with --db-url)";

    /**
     * {@code GET /json}'s body: a {@link Message} made and serialized for this request, as every model does (the
     * TechEmpower rule: the JSON test measures serialization, not the copy of a constant).
     */
    public static byte[] jsonBody() {
        try {
            return MESSAGE_WRITER.writeValueAsBytes(new Message(MESSAGE));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot serialize the /json message", e);
        }
    }

    /** Routes by method and path (the query string already removed). */
    public static Route route(String method, String path) {
        Route r = pathRoute(path);
        if (r == Route.NOT_FOUND) {
            return r;
        }
        return r.method().equals(method) ? r : Route.METHOD_NOT_ALLOWED;
    }

    private static Route pathRoute(String path) {
        return switch (path) {
            case "/plaintext" -> Route.PLAINTEXT;
            case "/json" -> Route.JSON;
            case "/delay" -> Route.DELAY;
            case "/backend" -> Route.BACKEND;
            case ZIPCODES_PATH -> Route.ZIPCODES_POST;
            case "/health" -> Route.HEALTH;
            case "/settings" -> Route.SETTINGS;
            default ->
                path.startsWith(ZIPCODE_PREFIX) && path.indexOf('/', ZIPCODE_PREFIX.length()) < 0
                        ? Route.ZIPCODE_GET
                        : Route.NOT_FOUND;
        };
    }

    /** The method a {@link Route#METHOD_NOT_ALLOWED} path allows, for the {@code Allow} header. */
    public static String allowedMethod(String path) {
        Route r = pathRoute(path);
        return r == Route.NOT_FOUND ? null : r.method();
    }

    /**
     * The {@code ms} parameter of {@code /delay?ms=N} from a raw query string, or -1 when it is missing, not a
     * whole number, or outside 0..{@link io.loadlab.core.ContractLimits#MAX_DELAY_MS} (answer 400 {@link #BAD_DELAY}).
     */
    public static int delayMillis(String query) {
        if (query == null) {
            return -1;
        }
        for (String pair : query.split("&")) {
            if (pair.startsWith("ms=")) {
                String v = pair.substring(3);
                if (v.isEmpty() || v.length() > 5) {
                    return -1;
                }
                int ms = 0;
                for (int i = 0; i < v.length(); i++) {
                    char c = v.charAt(i);
                    if (c < '0' || c > '9') {
                        return -1;
                    }
                    ms = ms * 10 + (c - '0');
                }
                return ms <= ContractLimits.MAX_DELAY_MS ? ms : -1;
            }
        }
        return -1;
    }

    /** The zip of {@code GET /zipcodes/{zip}}. */
    public static String zipOf(String path) {
        return path.substring(ZIPCODE_PREFIX.length());
    }

    /** {@code {"error":"reason"}} with the reason escaped for JSON. */
    /** {@code {"status":"DOWN","reason":"..."}}: {@code /health} when a dependency does not answer. */
    public static byte[] healthDownBody(String reason) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("status", "DOWN");
        m.put("reason", reason);
        return Json.write(m).getBytes(StandardCharsets.UTF_8);
    }

    public static byte[] errorBody(String reason) {
        StringBuilder b = new StringBuilder(reason.length() + 16).append("{\"error\":\"");
        for (int i = 0; i < reason.length(); i++) {
            char c = reason.charAt(i);
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '\n', '\r', '\t' -> b.append(' ');
                default -> {
                    if (c < 0x20) {
                        b.append(' ');
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        return b.append("\"}").toString().getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }
}
