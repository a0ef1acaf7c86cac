package io.loadlab.frameworks.tomcat;

import io.loadlab.frameworks.common.Reasons;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * The backend, called with the JDK's {@link HttpClient} used synchronously: the request's Tomcat thread blocks until
 * the answer. HTTP/1.1 carries one call per connection, so at most {@code maxConnections} calls at once (a
 * semaphore) bound the connections; further calls wait for one, at most the 10 s every call may take.
 */
final class BackendCalls implements AutoCloseable {
    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    private final URI base;
    private final int maxConnections;
    private final Semaphore connections;
    private final HttpClient client;

    /** A failed call: the message is the 502's reason. */
    static final class Failed extends Exception {
        Failed(String reason) {
            super(reason, null, false, false);
        }
    }

    BackendCalls(URI base, int maxConnections) {
        this.base = base;
        this.maxConnections = maxConnections;
        this.connections = new Semaphore(maxConnections, true);
        this.client = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(2))
                .build();
    }

    URI base() {
        return base;
    }

    int maxConnections() {
        return maxConnections;
    }

    /** {@code GET /hello}'s body. */
    byte[] hello() throws Failed {
        return get("/hello");
    }

    /** Null when {@code GET /health} answers 200, else the reason. */
    String healthProblem() {
        try {
            get("/health");
            return null;
        } catch (Failed e) {
            return e.getMessage();
        }
    }

    private byte[] get(String path) throws Failed {
        try {
            if (!connections.tryAcquire(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
                throw new Failed("backend: timed out");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new Failed("backend: interrupted");
        }
        try {
            HttpResponse<byte[]> r = client.send(
                    HttpRequest.newBuilder(URI.create(base + path)).timeout(TIMEOUT).build(),
                    HttpResponse.BodyHandlers.ofByteArray());
            if (r.statusCode() != 200) {
                throw new Failed(Reasons.backendStatus(r.statusCode()));
            }
            return r.body();
        } catch (IOException e) {
            throw new Failed(Reasons.backend(e));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new Failed("backend: interrupted");
        } finally {
            connections.release();
        }
    }

    @Override
    public void close() {
        client.close();
    }
}
