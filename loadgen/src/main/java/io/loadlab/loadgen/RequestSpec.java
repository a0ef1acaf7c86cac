package io.loadlab.loadgen;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * One named request of a run: a plain run has one (named after its path), a scenario has several, picked by weight.
 * {@code path} and {@code body} may hold {@code ${field}} placeholders filled from a row of {@code data}.
 *
 * @param request what it sends and its weight, read through {@link #name()}, {@link #path()} and the others
 * @param expectStatus statuses counted as success; null = any 2xx or 3xx
 * @param from first row of {@code data} used (inclusive)
 * @param to last row of {@code data} used (exclusive)
 * @param expectBody the exact body a right answer carries, or null; the lab's validation gate checks it once before
 *     the load, and the load generator checks a sample of the answers under load ({@link AnswerCheck})
 * @param expectContentType how a right answer's {@code Content-Type} starts, or null; for the validation gate only
 * @param expectField a field of {@code data} whose value a right answer carries as {@code "field":"value"} (the row
 *     asked for: {@code zip}), or null; checked on the load generator's sample of answers
 */
public record RequestSpec(
        WeightedRequest request,
        DataSet data,
        Pick pick,
        int from,
        int to,
        Set<Integer> expectStatus,
        String expectBody,
        String expectContentType,
        String expectField) {

    /** How a request picks the row of its data set. */
    public enum Pick {
        /** Uniformly at random from a seeded generator. */
        RANDOM,
        /** Row after row, wrapping around. */
        SEQUENTIAL,
        /** A seeded permutation, never repeated within the run until exhausted (wraps are counted). */
        UNIQUE
    }

    public RequestSpec {
        Map<String, String> headers = request.headers();
        request = request.withHeaders(headers == null ? Map.of() : Map.copyOf(headers));
        expectStatus = expectStatus == null ? null : Set.copyOf(expectStatus);
        if (request.weight() <= 0) {
            throw new IllegalArgumentException(
                    "request '" + request.name() + "': weight must be positive, got " + request.weight());
        }
        if (expectField != null && (data == null || !data.fields().contains(expectField))) {
            throw new IllegalArgumentException("request '" + request.name() + "': expect_field '" + expectField
                    + "' is no field of its data" + (data == null ? " (it has none)" : " " + data.fields()));
        }
        if (data != null && (from < 0 || to > data.size() || from >= to)) {
            throw new IllegalArgumentException("request '" + request.name() + "': range [" + from + ", " + to
                    + ") is not inside data set '" + data.name() + "' of " + data.size() + " rows");
        }
    }

    /** A single request without data: the plain {@code loadlab load URL} case. */
    public static RequestSpec of(String method, String path, Map<String, String> headers, String body) {
        WeightedRequest request = new WeightedRequest(path, 1, method, path, headers, body);
        return new RequestSpec(request, null, Pick.RANDOM, 0, 0, null, null, null, null);
    }

    public String name() {
        return request.name();
    }

    public int weight() {
        return request.weight();
    }

    public String method() {
        return request.method();
    }

    public String path() {
        return request.path();
    }

    public Map<String, String> headers() {
        return request.headers();
    }

    public String body() {
        return request.body();
    }

    public RequestSpec withExpectStatus(Set<Integer> statuses) {
        return new RequestSpec(request, data, pick, from, to, statuses, expectBody, expectContentType, expectField);
    }

    /** The same request with {@code extra} headers under its own (its own win where both name one). */
    public RequestSpec withHeaders(Map<String, String> extra) {
        Map<String, String> merged = new LinkedHashMap<>(extra);
        merged.putAll(request.headers());
        WeightedRequest r = request.withHeaders(merged);
        return new RequestSpec(r, data, pick, from, to, expectStatus, expectBody, expectContentType, expectField);
    }

    /** The same request, its answers expected to be exactly {@code body} (or any body when null). */
    public RequestSpec withExpectBody(String body) {
        return new RequestSpec(request, data, pick, from, to, expectStatus, body, expectContentType, expectField);
    }

    /** True when {@code status} counts as a success. */
    public boolean expects(int status) {
        return expectStatus == null ? status >= 200 && status < 400 : expectStatus.contains(status);
    }
}
