package io.loadlab.servers.servlet;

import io.loadlab.core.Defaults;
import io.loadlab.servers.http.Contract;
import io.loadlab.servers.runtime.Reasons;
import io.loadlab.servers.runtime.StartupChecks;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.client.ContentResponse;
import org.eclipse.jetty.client.HttpClient;
import org.eclipse.jetty.util.thread.QueuedThreadPool;

/**
 * The blocking servlet models' backend client: one Jetty {@link HttpClient} used blocking ({@link #get}: the calling
 * thread waits, as servlet-sync and servlet-async's worker offload do). Content decoders and the User-Agent are off,
 * so the request is the same as every other model's.
 */
final class ServletBackend implements AutoCloseable {
    /** The client, as the settings name it. */
    static final String NAME = "Jetty HttpClient, blocking send";

    private static final long TIMEOUT_SECONDS = Defaults.TIMEOUT.toMillis() / 1000;

    private final HttpClient client;
    private final URI hello;
    private final URI health;

    /** {@code maxConnections}: the most connections open to the backend at once; further requests queue. */
    ServletBackend(URI base, int maxConnections) throws Exception {
        QueuedThreadPool threads = new QueuedThreadPool(200, 8);
        threads.setName("backend-client");
        client = new HttpClient();
        client.setExecutor(threads);
        client.setMaxConnectionsPerDestination(maxConnections);
        client.setMaxRequestsQueuedPerDestination(Integer.MAX_VALUE);
        client.setConnectTimeout(2_000);
        client.setFollowRedirects(false);
        client.setUserAgentField(null);
        client.getContentDecoderFactories().clear();
        client.start();
        hello = StartupChecks.resolve(base, "/hello");
        health = StartupChecks.resolve(base, "/health");
    }

    /** Blocks the calling thread until the backend answers {@code /hello}. */
    Reply get() {
        return blocking(hello, false);
    }

    /** Blocks the calling thread until the backend answers {@code /health}; null when healthy, else the reason. */
    String healthProblem() {
        Reply r = blocking(health, true);
        return r.status() == 200 ? null : new String(r.body(), StandardCharsets.UTF_8);
    }

    private Reply blocking(URI uri, boolean probe) {
        try {
            ContentResponse r = client.newRequest(uri)
                    .timeout(TIMEOUT_SECONDS, TimeUnit.SECONDS)
                    .send();
            return answer(r.getStatus(), r.getContent(), probe);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return failed("backend: interrupted", probe);
        } catch (Exception e) {
            return failed(Reasons.backend(e), probe);
        }
    }

    /** A probe's failure carries its reason as the body (plain text, not sent to clients as is). */
    private static Reply answer(int status, byte[] body, boolean probe) {
        if (status == 200) {
            return probe ? Reply.ok(Contract.TEXT_PLAIN, new byte[0]) : Reply.ok(Contract.TEXT_PLAIN, body);
        }
        return probe
                ? new Reply(503, null, Reasons.backendStatus(status).getBytes(), null, false)
                : Reply.error(502, Reasons.backendStatus(status));
    }

    private static Reply failed(String reason, boolean probe) {
        return probe
                ? new Reply(503, null, reason.getBytes(StandardCharsets.UTF_8), null, false)
                : Reply.error(502, reason);
    }

    @Override
    public void close() {
        try {
            client.stop();
        } catch (Exception e) {
            // stopping: nothing left to release
        }
    }
}
