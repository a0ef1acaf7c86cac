package io.loadlab.frameworks.common;

import java.net.URI;

/**
 * What a backend client that blocks its caller shares with the others: where the backend is, how many connections
 * it may open, and the contract's two calls, {@code GET /hello} and {@code GET /health}, on top of its own {@link
 * #get}.
 */
public abstract class BlockingBackend {
    private final URI base;
    private final int maxConnections;

    protected BlockingBackend(URI base, int maxConnections) {
        this.base = base;
        this.maxConnections = maxConnections;
    }

    /** False when no backend URL is set: {@code /backend} then answers 502. */
    public boolean configured() {
        return base != null;
    }

    public URI base() {
        return base;
    }

    public int maxConnections() {
        return maxConnections;
    }

    /** {@code GET /hello}'s body; blocks until the backend answers. */
    public byte[] hello() {
        return get("/hello");
    }

    /** Null when {@code GET /health} answers 200, else the reason. */
    public String healthProblem() {
        try {
            get("/health");
            return null;
        } catch (BackendFailure e) {
            return e.getMessage();
        }
    }

    /**
     * What {@code /health} reports: {@code databaseProblem} when there is one, else this backend's problem, none when
     * no backend is set.
     */
    public String healthProblem(String databaseProblem) {
        return databaseProblem != null || !configured() ? databaseProblem : healthProblem();
    }

    /** {@code GET path}'s body when it answers 200, else a {@link BackendFailure}. */
    protected abstract byte[] get(String path);
}
