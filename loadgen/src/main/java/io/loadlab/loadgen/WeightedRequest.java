package io.loadlab.loadgen;

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

    /** The same request with {@code replaced} as its headers. */
    public WeightedRequest withHeaders(Map<String, String> replaced) {
        return new WeightedRequest(name, weight, method, path, replaced, body);
    }
}
