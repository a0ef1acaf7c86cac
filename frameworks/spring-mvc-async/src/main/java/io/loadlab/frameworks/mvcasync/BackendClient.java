package io.loadlab.frameworks.mvcasync;

import io.loadlab.frameworks.common.AppEnv;
import io.loadlab.frameworks.common.ContractText;
import io.loadlab.frameworks.common.Reasons;
import java.net.URI;
import java.time.Duration;
import org.eclipse.jetty.client.HttpClient;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.http.ResponseEntity;
import org.springframework.http.client.JettyClientHttpRequestFactory;
import org.springframework.stereotype.Component;
import org.springframework.web.client.RestClient;

/**
 * {@code /backend} with Spring's blocking {@link RestClient} on Jetty's {@link HttpClient}: the calling worker waits.
 * At most {@code LOADLAB_HTTP_CLIENT_CONNECTIONS} connections to the backend, calls beyond wait for one (Jetty's
 * per-destination queue, unbounded as the reference servers'). Checks the backend once at start.
 */
@Component
class BackendClient implements DisposableBean {
    /** The client as the settings name it. */
    static final String CLIENT = "RestClient on Jetty HttpClient, blocking";

    /** Bound on a backend call, the reference servers' (and the load generator's) timeout. */
    static final Duration TIMEOUT = Duration.ofSeconds(10);

    /** Jetty's queue of calls waiting for a connection, as the settings say: unbounded, each caller waits its 10 s. */
    static final String QUEUE = "unlimited, each waiting at most " + TIMEOUT.toSeconds() + " s";

    private final HttpClient jetty;
    private final RestClient client;
    private final URI hello;
    private final URI health;
    private final int maxConnections;

    BackendClient(AppEnv env) throws Exception {
        URI base = env.backendUrl();
        maxConnections = env.httpClientConnections();
        if (base == null) {
            jetty = null;
            client = null;
            hello = null;
            health = null;
            return;
        }
        jetty = new HttpClient();
        jetty.setMaxConnectionsPerDestination(maxConnections);
        jetty.setMaxRequestsQueuedPerDestination(Integer.MAX_VALUE);
        jetty.setFollowRedirects(false);
        jetty.setUserAgentField(null);
        JettyClientHttpRequestFactory requests = new JettyClientHttpRequestFactory(jetty);
        requests.setConnectTimeout(Duration.ofSeconds(2));
        requests.setReadTimeout(TIMEOUT);
        requests.afterPropertiesSet(); // starts the Jetty client
        client = RestClient.builder().requestFactory(requests).build();
        hello = URI.create(base + "/hello");
        health = URI.create(base + "/health");
        String problem = healthProblem();
        if (problem != null) {
            jetty.stop();
            throw new IllegalStateException("cannot reach the backend at " + base + ": " + problem
                    + "; start it (loadlab backend) or fix LOADLAB_BACKEND_URL");
        }
    }

    /** Blocks until the backend answers: 200 with its body; 502 with a one-line reason when it fails. */
    ResponseEntity<byte[]> hello() {
        if (client == null) {
            return Answers.error(502, ContractText.NO_BACKEND);
        }
        try {
            return client.get().uri(hello).exchange((request, response) -> {
                int status = response.getStatusCode().value();
                byte[] body = response.getBody().readAllBytes();
                return status == 200 ? Answers.text(body) : Answers.error(502, Reasons.backendStatus(status));
            });
        } catch (RuntimeException e) {
            return Answers.error(502, Reasons.backend(e));
        }
    }

    /** Null when the backend answers {@code /health} with 200 (or none is configured), else the reason. */
    String healthProblem() {
        if (client == null) {
            return null;
        }
        try {
            return client.get().uri(health).exchange((request, response) -> {
                int status = response.getStatusCode().value();
                return status == 200 ? null : Reasons.backendStatus(status);
            });
        } catch (RuntimeException e) {
            return Reasons.backend(e);
        }
    }

    /** The most connections open to the backend at once, as Jetty's client holds it once there is a backend. */
    int maxConnections() {
        return jetty == null ? maxConnections : jetty.getMaxConnectionsPerDestination();
    }

    @Override
    public void destroy() throws Exception {
        if (jetty != null) {
            jetty.stop();
        }
    }
}
