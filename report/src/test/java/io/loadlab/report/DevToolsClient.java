package io.loadlab.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.loadlab.core.Json;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A minimal Chrome DevTools Protocol client over java.net.http's WebSocket, attached to one page target. Commands
 * block until answered (bounded); events are kept in arrival order for the test to inspect.
 */
final class DevToolsClient implements AutoCloseable {
    private final WebSocket socket;
    private final AtomicInteger ids = new AtomicInteger();
    private final Map<Integer, CompletableFuture<JsonNode>> pending = new ConcurrentHashMap<>();
    final List<JsonNode> events = new CopyOnWriteArrayList<>();

    private DevToolsClient(WebSocket socket) {
        this.socket = socket;
    }

    /** Connects to the first page target of the browser listening on {@code port}. */
    static DevToolsClient connect(int port) throws IOException, InterruptedException {
        HttpClient http =
                HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
        JsonNode targets = Json.mapper()
                .readTree(http.send(
                                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/json/list"))
                                        .timeout(Duration.ofSeconds(10))
                                        .build(),
                                HttpResponse.BodyHandlers.ofString())
                        .body());
        String url = null;
        for (JsonNode t : targets) {
            if ("page".equals(t.path("type").asText())) {
                url = t.path("webSocketDebuggerUrl").asText();
                break;
            }
        }
        if (url == null) {
            throw new IOException("no page target in " + targets);
        }
        DevToolsClient[] self = new DevToolsClient[1];
        StringBuilder partial = new StringBuilder();
        WebSocket ws = http.newWebSocketBuilder()
                .connectTimeout(Duration.ofSeconds(5))
                .buildAsync(URI.create(url), new WebSocket.Listener() {
                    @Override
                    public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
                        partial.append(data);
                        if (last) {
                            String message = partial.toString();
                            partial.setLength(0);
                            self[0].onMessage(message);
                        }
                        webSocket.request(1);
                        return null;
                    }
                })
                .join();
        self[0] = new DevToolsClient(ws);
        return self[0];
    }

    private void onMessage(String message) {
        try {
            JsonNode node = Json.mapper().readTree(message);
            if (node.has("id")) {
                CompletableFuture<JsonNode> f = pending.remove(node.get("id").asInt());
                if (f != null) {
                    f.complete(node);
                }
            } else {
                events.add(node);
            }
        } catch (IOException e) {
            events.add(Json.mapper()
                    .createObjectNode()
                    .put("method", "client.unparsable")
                    .put("text", message));
        }
    }

    /** Sends a command and waits (at most 30 s) for its result; a protocol error throws. */
    JsonNode send(String method, Map<String, Object> params) throws Exception {
        int id = ids.incrementAndGet();
        ObjectNode msg = Json.mapper().createObjectNode();
        msg.put("id", id).put("method", method).set("params", Json.mapper().valueToTree(params));
        CompletableFuture<JsonNode> answer = new CompletableFuture<>();
        pending.put(id, answer);
        socket.sendText(Json.mapper().writeValueAsString(msg), true).get(10, TimeUnit.SECONDS);
        JsonNode reply = answer.get(30, TimeUnit.SECONDS);
        if (reply.has("error")) {
            throw new IllegalStateException(method + ": " + reply.get("error"));
        }
        return reply.get("result");
    }

    /** Evaluates a JavaScript expression in the page and returns its value (awaiting promises). */
    JsonNode evaluate(String expression) throws Exception {
        JsonNode r =
                send("Runtime.evaluate", Map.of("expression", expression, "returnByValue", true, "awaitPromise", true));
        if (r.has("exceptionDetails")) {
            throw new IllegalStateException("page threw: " + r.get("exceptionDetails"));
        }
        return r.path("result").path("value");
    }

    boolean sawEvent(String method) {
        return events.stream().anyMatch(e -> method.equals(e.path("method").asText()));
    }

    @Override
    public void close() {
        socket.abort();
    }
}
