package io.loadlab.backend;

import io.loadlab.core.unit.Duration;

/**
 * The slow backend's defaults.
 */
public final class BackendDefaults {
    private BackendDefaults() {}

    /** Delay of the slow downstream service's {@code GET /hello}. */
    public static final Duration BACKEND_DELAY = Duration.ofMillis(100);
}
