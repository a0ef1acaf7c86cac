package io.loadlab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.loadlab.core.Json;
import io.loadlab.servers.ServerModel;
import io.loadlab.servers.ServerModels;
import io.loadlab.testkit.QuietHost;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

@Timeout(60)
class ServeCommandTest {

    @Test
    void helpListsEveryModelWithItsDescription() {
        CliTest.Result r = CliTest.run("serve", "--help");
        assertThat(r.exit()).isZero();
        assertThat(ServerModels.all()).isNotEmpty();
        for (ServerModel m : ServerModels.all()) {
            assertThat(r.out()).contains(m.name());
            assertThat(r.out().replaceAll("\\s+", " ")).contains(m.description().replaceAll("\\s+", " "));
        }
        assertThat(r.out()).contains("--threads", "--queue", "--stack-size", "--db-url", "--backend-url");
    }

    @Test
    void anUnknownModelIsAUsageErrorListingTheModels() {
        CliTest.Result r = CliTest.run("serve", "fork-per-request");
        assertThat(r.exit()).isEqualTo(Main.EXIT_USAGE);
        assertThat(r.err().strip())
                .isEqualTo("loadlab serve: unknown model 'fork-per-request'; the models are: " + ServerModels.names());
    }

    @Test
    void aPortInUseIsOneLineAndExit2() throws Exception {
        try (ServerSocket busy = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            int port = busy.getLocalPort();
            CliTest.Result r = CliTest.run("serve", "single-thread", "--port", String.valueOf(port));
            assertThat(r.exit()).isEqualTo(Main.EXIT_USAGE);
            assertThat(r.err().strip())
                    .isEqualTo("loadlab serve: port " + port
                            + " on 127.0.0.1 is in use; choose another with --port (0 picks a free one)");
            assertThat(r.out()).isEmpty();
        }
    }

    @Test
    void badKnobsAreUsageErrors() {
        assertThat(CliTest.run("serve", "thread-pool", "--threads", "0").err())
                .contains("--threads must be at least 1");
        assertThat(CliTest.run("serve", "thread-per-connection", "--stack-size", "big")
                        .err())
                .contains("--stack-size: expected a size");
    }

    @Test
    void printsOneSettingsLineServesAndStopsOnSigtermWithExit0(@TempDir Path dir) throws Exception {
        QuietHost.Watch host = QuietHost.watch();
        Path stdout = dir.resolve("stdout");
        String java = ProcessHandle.current().info().command().orElse("java");
        Process p = new ProcessBuilder(
                        java,
                        "-Xmx128m",
                        "-cp",
                        System.getProperty("java.class.path"),
                        Main.class.getName(),
                        "serve",
                        "thread-pool",
                        "--threads",
                        "4")
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .redirectOutput(stdout.toFile())
                .start();
        try {
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (!Files.readString(stdout).contains("\n") && p.isAlive() && System.nanoTime() < until) {
                Thread.sleep(20);
            }
            String line = Files.readString(stdout).lines().findFirst().orElse(null);
            assertThat(line).as("settings line").isNotNull();
            JsonNode settings = Json.mapper().readTree(line);
            assertThat(settings.path("model").asText()).isEqualTo("thread-pool");
            assertThat(settings.path("threads").path("request_threads").asInt()).isEqualTo(4);
            assertThat(settings.path("pid").asLong()).isEqualTo(p.pid());
            assertThat(settings.path("jvm").path("flags").toString()).contains("-Xmx128m");
            int port = settings.path("port").asInt();
            try (HttpClient http = HttpClient.newHttpClient()) {
                HttpResponse<String> r = http.send(
                        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/settings"))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
                assertThat(Json.mapper().readTree(r.body())).isEqualTo(settings);
            }
            long t0 = System.nanoTime();
            p.destroy(); // SIGTERM
            assertThat(p.waitFor(5, TimeUnit.SECONDS)).as("stopped within 5 s").isTrue();
            host.holds(
                    "a server told to stop stops within 5 s",
                    () -> assertThat((System.nanoTime() - t0) / 1_000_000).isLessThan(5_000));
            assertThat(p.exitValue()).isZero();
            assertThat(Files.readAllLines(stdout))
                    .as("stdout holds exactly one line")
                    .hasSize(1);
        } finally {
            p.destroyForcibly();
        }
    }
}
