package io.loadlab.lab.deps;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** Small blocking GETs the lab makes itself: health polls and counters. */
public final class Http {
    private Http() {}

    /**
     * The answer's status and body, or null when nothing answered within {@code timeoutMillis}. Each call uses its
     * own client and closes it: an idle keep-alive connection left open would occupy a single-threaded server.
     */
    public static HttpResponse<String> get(String url, long timeoutMillis) {
        try (HttpClient client = client()) {
            return client.send(
                    HttpRequest.newBuilder(URI.create(url))
                            .timeout(Duration.ofMillis(timeoutMillis))
                            .GET()
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    /**
     * A new HTTP/1.1 client; close it when done so its connections close. Over HTTPS it encrypts without verifying
     * the certificate ({@link UnverifiedTls}).
     */
    public static HttpClient client() {
        return HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .sslContext(UnverifiedTls.context())
                .connectTimeout(Duration.ofSeconds(2))
                .build();
    }

    /**
     * Polls {@code url} until it answers (200 when {@code need200}, any HTTP answer otherwise), the process dies, or
     * the timeout passes.
     */
    public static boolean awaitReady(String url, boolean need200, Process p, io.loadlab.core.unit.Duration timeout)
            throws InterruptedException {
        long deadline = System.nanoTime() + timeout.nanos();
        while (System.nanoTime() < deadline && (p == null || p.isAlive())) {
            HttpResponse<String> r = get(url, 2_000);
            if (r != null && (!need200 || r.statusCode() == 200)) {
                return true;
            }
            Thread.sleep(50);
        }
        return false;
    }
}
