package io.loadlab.lab.validate;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import io.loadlab.core.result.ValidationResult;
import io.loadlab.lab.spec.FileScenario;
import io.loadlab.lab.spec.ScenarioSpec;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The gate on a scenario file against a server of the user's own that answers 200 on every path, as nginx's default
 * site does: the file's requests are checked against the file's expectations, and none of the contract's probes.
 */
class FileValidationTest {
    private HttpServer server;
    private final List<String> seen = new CopyOnWriteArrayList<>();

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", x -> {
            seen.add(x.getRequestMethod() + " " + x.getRequestURI());
            x.getRequestBody().readAllBytes();
            byte[] body = "ok".getBytes(StandardCharsets.UTF_8);
            x.getResponseHeaders().add("Content-Type", "text/plain; charset=utf-8");
            x.sendResponseHeaders(200, body.length);
            x.getResponseBody().write(body);
            x.close();
        });
        server.start();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    private String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    private static ScenarioSpec file(Path dir, String yaml) throws IOException {
        Files.writeString(dir.resolve("ids.csv"), "id,name\n42,first\n43,second\n");
        Path f = dir.resolve("my-routes.yaml");
        Files.writeString(f, yaml);
        return ScenarioSpec.of(new FileScenario(f, null));
    }

    @Test
    void eachRequestOfTheFileIsCheckedOnceWithItsFirstRowAndNoContractProbe(@TempDir Path dir) throws IOException {
        ScenarioSpec s = file(dir, """
                requests:
                  - {name: home, path: /}
                  - name: item
                    path: /items/${id}
                    data: ids
                    expect_body: ok
                    expect_content_type: text/plain
                  - name: order
                    method: POST
                    path: /orders
                    headers: {Content-Type: application/json, Host: shop.example}
                    body: '{"item":"${name}"}'
                    data: ids
                    range: [1, 2]
                    expect_status: [200, 201]
                data:
                  ids: {csv: ids.csv}
                """);
        ValidationResult r = new Validator(url(), false).validate(s, null, null);
        assertThat(r.passed()).as(r.failure()).isTrue();
        assertThat(seen).containsExactly("GET /", "GET /items/42", "POST /orders");
        assertThat(r.checks())
                .contains(
                        "GET /items/42 ('item') → 2xx or 3xx",
                        "GET /items/42 ('item') body is 'ok'",
                        "POST /orders ('order') → [200, 201]");
    }

    @Test
    void aWrongBodyOrStatusIsTheReasonTheTrialIsBroken(@TempDir Path dir) throws IOException {
        ScenarioSpec body = file(dir, """
                requests:
                  - {name: hello, path: /hello, expect_body: "Hello, World!"}
                """);
        assertThat(new Validator(url(), false).validate(body, null, null).failure())
                .isEqualTo("GET /hello ('hello') body is 'Hello, World!': got 'ok'");
        ScenarioSpec status = file(dir, """
                requests:
                  - {name: gone, path: /old, expect_status: [404]}
                """);
        assertThat(new Validator(url(), false).validate(status, null, null).failure())
                .isEqualTo("GET /old ('gone') → [404]: got 200 'ok'");
    }
}
