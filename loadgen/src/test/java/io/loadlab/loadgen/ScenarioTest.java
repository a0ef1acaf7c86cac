package io.loadlab.loadgen;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.loadlab.core.UserError;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ScenarioTest {
    @TempDir
    Path dir;

    private static final String YAML = """
            name: mixed
            seed: 7
            data:
              zipcodes: {generate: zipcodes, size: 100}
              people: {csv: people.csv}
            requests:
              - name: fast
                weight: 9
                path: /plaintext
              - name: read
                weight: 8
                path: /zipcodes/${zip}
                data: zipcodes
                range: [0, 50]
              - name: write
                weight: 2
                method: POST
                path: /zipcodes
                headers: {Content-Type: application/json}
                body: '{"zip":"${zip}","city":"${city}"}'
                data: zipcodes
                pick: unique
                range: [50, 100]
                expect_status: [200, 201]
              - name: who
                path: /people/${name}
                data: people
                pick: sequential
            """;

    @Test
    void loadsRequestsDataAndRendersTemplates() throws Exception {
        Files.writeString(dir.resolve("people.csv"), "name,age\nann,3\n\"bo,b\",4\n");
        Files.writeString(dir.resolve("s.yaml"), YAML);
        Scenario s = Scenario.load(dir.resolve("s.yaml"));
        assertThat(s.name()).isEqualTo("mixed");
        assertThat(s.seed()).isEqualTo(7);
        assertThat(s.requests()).extracting(RequestSpec::name).containsExactly("fast", "read", "write", "who");
        assertThat(s.requests().get(2).expects(201)).isTrue();
        assertThat(s.requests().get(2).expects(204)).isFalse();

        LoadSpec spec = LoadSpec.builder("http://127.0.0.1:9/")
                .requests(s.requests())
                .seed(s.seed())
                .threads(1)
                .build();
        RequestPlan plan = new RequestPlan(spec, 0, 1, 1);
        Set<String> writes = new HashSet<>();
        for (int i = 0; i < 50; i++) {
            String w = render(plan, 2);
            assertThat(w)
                    .startsWith("POST /zipcodes HTTP/1.1\r\nHost: 127.0.0.1:9\r\nContent-Type: application/json\r\n");
            int bodyAt = w.indexOf("\r\n\r\n") + 4;
            int len = Integer.parseInt(w.replaceAll("(?s).*Content-Length: (\\d+).*", "$1"));
            assertThat(w.length() - bodyAt).isEqualTo(len);
            writes.add(w);
        }
        assertThat(writes).as("unique picks never repeat within the range").hasSize(50);
        assertThat(plan.wraps(2)).isZero();
        render(plan, 2);
        assertThat(plan.wraps(2)).isEqualTo(1);
        assertThat(render(plan, 0)).isEqualTo("GET /plaintext HTTP/1.1\r\nHost: 127.0.0.1:9\r\n\r\n");
        assertThat(render(plan, 1)).matches("GET /zipcodes/\\d{5} HTTP/1\\.1\r\n(?s).*");
        assertThat(render(plan, 3)).startsWith("GET /people/ann ");
        assertThat(render(plan, 3)).startsWith("GET /people/bo,b ");
    }

    private static String render(RequestPlan plan, int i) {
        ByteBuf b = plan.encode(i, ByteBufAllocator.DEFAULT);
        try {
            return b.toString(StandardCharsets.UTF_8);
        } finally {
            b.release();
        }
    }

    @Test
    void mistakesNameTheFileAndTheField() throws Exception {
        Path f = dir.resolve("bad.yaml");
        Files.writeString(f, "requests:\n  - name: a\n    path: /x/${nope}\n");
        assertThatThrownBy(() -> Scenario.load(f)).isInstanceOf(UserError.class).hasMessageContaining("${nope}");
        Files.writeString(f, "requests: [\n");
        assertThatThrownBy(() -> Scenario.load(f)).isInstanceOf(UserError.class).hasMessageContaining("not valid YAML");
        Files.writeString(f, "requests:\n  - path: /a\n    data: missing\n");
        assertThatThrownBy(() -> Scenario.load(f)).isInstanceOf(UserError.class).hasMessageContaining("missing");
        assertThatThrownBy(() -> Scenario.load(dir.resolve("none.yaml")))
                .isInstanceOf(UserError.class)
                .hasMessageContaining("not found");
    }

    @Test
    void theValidationGatesExpectationsAreReadAndLeftOptional() throws Exception {
        Path f = dir.resolve("expect.yaml");
        Files.writeString(f, """
                requests:
                  - {name: hello, path: /hello, expect_body: "Hello, World!", expect_content_type: text/plain}
                  - {name: any, path: /any}
                """);
        List<RequestSpec> r = Scenario.load(f).requests();
        assertThat(r.get(0).expectBody()).isEqualTo("Hello, World!");
        assertThat(r.get(0).expectContentType()).isEqualTo("text/plain");
        assertThat(r.get(1).expectBody()).isNull();
        assertThat(r.get(1).expectContentType()).isNull();
    }

    @Test
    void perConnectionAssignmentSplitsConnectionsByWeight() {
        LoadSpec spec = LoadSpec.builder("http://127.0.0.1:9/")
                .connections(1000)
                .assign(LoadSpec.Assign.PER_CONNECTION)
                .requests(List.of(
                        new RequestSpec(
                                new WeightedRequest("fast", 9, "GET", "/a", null, null),
                                null,
                                RequestSpec.Pick.RANDOM,
                                0,
                                0,
                                null,
                                null,
                                null,
                                null),
                        new RequestSpec(
                                new WeightedRequest("slow", 1, "GET", "/b", null, null),
                                null,
                                RequestSpec.Pick.RANDOM,
                                0,
                                0,
                                null,
                                null,
                                null,
                                null)))
                .build();
        int[] slots = LoadGenerator.slotRequests(spec);
        assertThat(Arrays.stream(slots).filter(x -> x == 0).count()).isEqualTo(900);
        assertThat(Arrays.stream(slots).filter(x -> x == 1).count()).isEqualTo(100);
    }
}
