package io.loadlab.frameworks.tomcat;

import io.loadlab.frameworks.common.BackendFailure;
import io.loadlab.frameworks.common.BlockingBackend;
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
final class BackendCalls extends BlockingBackend implements AutoCloseable {
    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    private final Semaphore connections;
    private final HttpClient client;

    BackendCalls(URI base, int maxConnections) {
        super(base, maxConnections);
        this.connections = new Semaphore(maxConnections, true);
        this.client = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(2))
                .build();
    }

    @Override
    protected byte[] get(String path) {
        try {
            if (!connections.tryAcquire(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
                throw new BackendFailure("backend: timed out");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new BackendFailure("backend: interrupted");
        }
        try {
            HttpResponse<byte[]> r = client.send(
                    HttpRequest.newBuilder(URI.create(base() + path)).timeout(TIMEOUT).build(),
                    HttpResponse.BodyHandlers.ofByteArray());
            return BackendFailure.okBody(r.statusCode(), r.body());
        } catch (IOException e) {
            throw new BackendFailure(Reasons.backend(e));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new BackendFailure("backend: interrupted");
        } finally {
            connections.release();
        }
    }

    @Override
    public void close() {
        client.close();
    }
}
