package io.loadlab.frameworks.common;

import java.nio.charset.StandardCharsets;

/**
 * loadlab's HTTP contract as text: the bodies, limits, content types and one-line error reasons every model answers
 * byte for byte the same (the reference servers' {@code Contract}), and its two parsing rules.
 */
public final class ContractText {
    private ContractText() {}

    public static final String SERVER = "loadlab";
    public static final String TEXT_PLAIN = "text/plain";
    public static final String APPLICATION_JSON = "application/json";

    public static final String PLAINTEXT = "Hello, World!";
    public static final String DELAYED = "OK";
    public static final String HEALTH_UP = "{\"status\":\"UP\"}";

    public static final int MAX_DELAY_MS = 60_000;
    public static final int MAX_HEADER_BYTES = 8 * 1024;
    public static final long MAX_BODY_BYTES = 1024 * 1024;

    public static final String MALFORMED_REQUEST = "malformed request";
    public static final String HEADERS_TOO_LARGE = "request headers larger than 8 KiB";
    public static final String BODY_TOO_LARGE = "request body larger than 1 MiB";
    public static final String NOT_FOUND = "no such path";
    public static final String NO_SUCH_ZIP = "no such zip";
    public static final String METHOD_NOT_ALLOWED = "method not allowed";
    public static final String BAD_DELAY = "ms must be a whole number from 0 to " + MAX_DELAY_MS;
    public static final String BAD_ZIP = "zip must be exactly 5 digits";
    public static final String NOT_JSON = "body is not valid JSON";
    public static final String NOT_AN_OBJECT = "body must be a JSON object with zip, type, city, state, county, timezone";
    public static final String NO_BACKEND = "backend not configured (set LOADLAB_BACKEND_URL)";
    public static final String NO_DATABASE = "database not configured (set LOADLAB_DB_URL)";
    public static final String DATABASE_DOWN = "database: not reachable";

    /**
     * The {@code ms} of {@code /delay?ms=N} from its raw value, or -1 when it is missing, not a whole number, or
     * outside 0..{@link #MAX_DELAY_MS} (answer 400 {@link #BAD_DELAY}).
     */
    public static int delayMillis(String value) {
        if (value == null || value.isEmpty() || value.length() > 5) {
            return -1;
        }
        int ms = 0;
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            ms = ms * 10 + (c - '0');
        }
        return ms <= MAX_DELAY_MS ? ms : -1;
    }

    /** The first {@code ms=} value of a raw query string, or null. */
    public static String msParameter(String query) {
        if (query != null) {
            for (String pair : query.split("&")) {
                if (pair.startsWith("ms=")) {
                    return pair.substring(3);
                }
            }
        }
        return null;
    }

    /** True for exactly five ASCII digits. */
    public static boolean isValidZip(String zip) {
        return zip != null && zip.length() == 5 && zip.chars().allMatch(c -> c >= '0' && c <= '9');
    }

    /** {@code {"error":"reason"}} with the reason escaped for JSON (control characters become spaces). */
    public static String errorJson(String reason) {
        return "{\"error\":" + ZipCode.quote(reason) + "}";
    }

    /** {@code {"status":"DOWN","reason":"..."}}. */
    public static String healthDown(String reason) {
        return "{\"status\":\"DOWN\",\"reason\":" + ZipCode.quote(reason) + "}";
    }

    /** The one method a path of the contract answers, or null for a path the contract does not have. */
    public static String allowedMethod(String path) {
        return switch (path) {
            case "/plaintext", "/json", "/delay", "/backend", "/health", "/settings" -> "GET";
            case "/zipcodes" -> "POST";
            default -> path.startsWith("/zipcodes/") && path.indexOf('/', "/zipcodes/".length()) < 0 ? "GET" : null;
        };
    }

    /**
     * The reason of an error status a framework decided (a request refused while parsing or routing, or a failure
     * that escaped the application): the contract's words for 400, 404, 405, 413 and 431, {@code internal error} for
     * 500, {@code status N} for any other.
     */
    public static String refusalReason(int status) {
        return refusalReason(status, status == 500 ? "internal error" : "status " + status);
    }

    /** As {@link #refusalReason(int)}, with {@code otherwise} for a status other than 400, 404, 405, 413 and 431. */
    public static String refusalReason(int status, String otherwise) {
        return switch (status) {
            case 400 -> MALFORMED_REQUEST;
            case 404 -> NOT_FOUND;
            case 405 -> METHOD_NOT_ALLOWED;
            case 413 -> BODY_TOO_LARGE;
            case 431 -> HEADERS_TOO_LARGE;
            default -> otherwise;
        };
    }

    public static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
