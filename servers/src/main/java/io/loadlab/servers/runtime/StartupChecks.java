package io.loadlab.servers.runtime;

import io.loadlab.core.UserError;
import java.io.IOException;
import java.net.BindException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.CompletionException;

/** Start-time checks shared by the models: each failure is a one-line {@link UserError} that says how to fix it. */
public final class StartupChecks {
    private static final Duration PROBE_TIMEOUT = Duration.ofSeconds(3);

    private StartupChecks() {}

    /**
     * Blocks until the backend answers {@code GET /health} with 200, or throws. Called once before the server
     * accepts connections, never on a request path.
     */
    public static void requireBackend(URI backendUrl) {
        if (backendUrl == null) {
            return;
        }
        URI health = resolve(backendUrl, "/health");
        try (HttpClient client =
                HttpClient.newBuilder().connectTimeout(PROBE_TIMEOUT).build()) {
            HttpResponse<Void> r = client.send(
                    HttpRequest.newBuilder(health).timeout(PROBE_TIMEOUT).build(),
                    HttpResponse.BodyHandlers.discarding());
            if (r.statusCode() != 200) {
                throw unreachable(backendUrl, "GET /health answered " + r.statusCode());
            }
        } catch (IOException e) {
            throw unreachable(backendUrl, Reasons.backend(e).substring("backend: ".length()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw unreachable(backendUrl, "interrupted");
        }
    }

    /** {@code base} with {@code path} appended to its path (the backend may sit under a prefix). */
    public static URI resolve(URI base, String path) {
        String p = base.getRawPath() == null ? "" : base.getRawPath();
        if (p.endsWith("/")) {
            p = p.substring(0, p.length() - 1);
        }
        return URI.create(base.getScheme() + "://" + base.getRawAuthority() + p + path);
    }

    /** The error for a failed bind: port in use, or an address this host does not have. */
    public static UserError bindFailed(String host, int port, Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && !(root instanceof BindException)) {
            root = root.getCause();
        }
        String why = root.getMessage() == null ? root.getClass().getSimpleName() : root.getMessage();
        if (why.toLowerCase(Locale.ROOT).contains("in use")) {
            return new UserError(
                    "port " + port + " on " + host + " is in use; choose another with --port (0 picks a free one)");
        }
        return new UserError("cannot listen on " + host + ":" + port + ": " + why + "; fix --host or --port");
    }

    /** True when {@code e} or a cause of it is a failed bind. */
    public static boolean isBindFailure(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof BindException
                    || (t.getMessage() != null && t.getMessage().contains("Address already in use"))) {
                return true;
            }
        }
        return false;
    }

    /** A one-line reason for a failed call: the message, or the exception's simple name when it has none. */
    public static String reason(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && (t.getMessage() == null || t instanceof CompletionException)) {
            t = t.getCause();
        }
        String m = t.getMessage();
        return m == null || m.isBlank()
                ? t.getClass().getSimpleName()
                : m.lines().findFirst().orElse(m);
    }

    private static UserError unreachable(URI backendUrl, String why) {
        return new UserError("cannot reach the backend at " + backendUrl + ": " + why
                + "; start it (loadlab backend) or fix --backend-url");
    }
}
