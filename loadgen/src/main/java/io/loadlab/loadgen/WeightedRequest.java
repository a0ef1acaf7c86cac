package io.loadlab.loadgen;

import io.loadlab.core.HttpToken;
import java.util.Map;

/**
 * What a request sends and its share of the mix: the part that a run's {@link RequestSpec} and a scenario file's
 * {@link ScenarioDefinition.Request} spell the same. {@code path} and {@code body} may hold {@code ${field}}
 * placeholders.
 *
 * @param weight its share of the mix, relative to the other requests' weights
 * @param headers its own headers; null or empty for none
 * @param body the request body, or null for none
 */
public record WeightedRequest(
        String name, int weight, String method, String path, Map<String, String> headers, String body) {

    /**
     * Refuses a method or header that would not frame as one HTTP/1.1 request: a space in a method splits the
     * request line, and a line break in a header value ends the header early and injects whatever follows.
     *
     * @throws IllegalArgumentException naming the method or header
     */
    public WeightedRequest {
        if (method != null
                && !HttpToken.isToken(method)) { // null: the scenario's default, GET, filled in when it is read
            throw new IllegalArgumentException("method '" + method + "' is not an HTTP token (letters, digits and "
                    + HttpToken.MARKS + ", no spaces); e.g. POST");
        }
        if (headers != null) {
            headers.forEach(WeightedRequest::checkHeader);
        }
    }

    /** Refuses a header name that is not a token and a value with a line break or NUL in it. */
    public static void checkHeader(String name, String value) {
        if (name == null || !HttpToken.isToken(name)) {
            throw new IllegalArgumentException("header name '" + name + "' is not an HTTP token (letters, digits and "
                    + HttpToken.MARKS + ", no spaces); e.g. Accept");
        }
        if (value != null && (value.indexOf('\r') >= 0 || value.indexOf('\n') >= 0 || value.indexOf('\0') >= 0)) {
            throw new IllegalArgumentException("header " + name + ": its value holds a line break or NUL, which would"
                    + " end the header early and send the rest as headers of its own");
        }
    }

    /** The same request with {@code replaced} as its headers. */
    public WeightedRequest withHeaders(Map<String, String> replaced) {
        return new WeightedRequest(name, weight, method, path, replaced, body);
    }
}
