package io.loadlab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.loadlab.core.Json;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** {@code loadlab backend} as the lab runs it: a process, one JSON line, SIGTERM → exit 0, port in use → exit 2. */
class BackendProcessTest {

    private static Process loadlab(String... args) throws Exception {
        String java = ProcessHandle.current().info().command().orElse("java");
        List<String> cmd =
                new ArrayList<>(List.of(java, "-cp", System.getProperty("java.class.path"), Main.class.getName()));
        cmd.addAll(List.of(args));
        return new ProcessBuilder(cmd).start();
    }

    @Test
    void printsOneJsonLineServesAndStopsOnSigterm() throws Exception {
        Process p = loadlab("backend", "--port", "0", "--delay", "30ms");
        try {
            BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
            JsonNode start = Json.mapper().readTree(out.readLine());
            assertThat(start.path("service").asText()).isEqualTo("backend");
            assertThat(start.path("host").asText()).isEqualTo("127.0.0.1");
            assertThat(start.path("pid").asLong()).isEqualTo(p.pid());
            assertThat(start.path("delay_ms").asLong()).isEqualTo(30);
            int port = start.path("port").asInt();
            assertThat(port).isPositive();

            HttpClient client = HttpClient.newHttpClient();
            HttpResponse<String> hello = client.send(
                    HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/hello"))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(hello.body()).isEqualTo("Hello, World!");
            Exit busy = runToEnd(loadlab("backend", "--port", Integer.toString(port)));
            assertThat(busy.status()).isEqualTo(Main.EXIT_USAGE);
            assertThat(busy.lastError())
                    .isEqualTo("loadlab backend: port " + port
                            + " is in use; choose another with --port or 0 for a free one");

            new ProcessBuilder("kill", "-TERM", Long.toString(p.pid())).start().waitFor();
            assertThat(p.waitFor(20, TimeUnit.SECONDS)).as("stops on SIGTERM").isTrue();
            assertThat(p.exitValue()).isZero();
            assertThat(out.readLine()).as("nothing else on stdout").isNull();
        } finally {
            p.destroyForcibly();
        }
    }

    private record Exit(int status, String lastError) {}

    /** The exit status and the last stderr line (the JVM may print warnings before it). */
    private static Exit runToEnd(Process p) throws Exception {
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        List<String> err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8)
                .lines()
                .filter(l -> !l.startsWith("WARNING"))
                .toList();
        return new Exit(p.exitValue(), err.isEmpty() ? "" : err.get(err.size() - 1));
    }
}
