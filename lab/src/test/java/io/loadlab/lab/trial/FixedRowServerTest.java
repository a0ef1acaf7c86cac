package io.loadlab.lab.trial;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.loadlab.core.Json;
import io.loadlab.core.data.ZipCode;
import io.loadlab.core.result.Ceiling;
import io.loadlab.core.result.DependencyWork;
import io.loadlab.core.result.ErrorCategory;
import io.loadlab.core.result.LoadLevel;
import io.loadlab.core.result.LoadReport;
import io.loadlab.core.result.Resources;
import io.loadlab.core.result.ValidationResult;
import io.loadlab.core.result.Verdict;
import io.loadlab.core.result.VerdictCode;
import io.loadlab.core.unit.Duration;
import io.loadlab.lab.deps.Dependencies;
import io.loadlab.lab.spec.CpuSplit;
import io.loadlab.lab.spec.ScenarioKind;
import io.loadlab.lab.spec.ScenarioSpec;
import io.loadlab.lab.spec.Thresholds;
import io.loadlab.lab.validate.Validator;
import io.loadlab.lab.verdict.Evidence;
import io.loadlab.lab.verdict.Verdicts;
import io.loadlab.loadgen.LoadGenerator;
import io.loadlab.loadgen.LoadSpec;
import io.loadlab.loadgen.ProgressListener;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A server that answers {@code GET /zipcodes/{zip}} with one fixed row: refused by the validation gate when it does so
 * from its first request (the gate asks for a zip it does not have), and, when it answers right for as long as the
 * gate looks and only then serves its one row, passed by the gate — nothing it said was wrong — and caught under load
 * by the load generator's sampled check of the answers, as wrong answers by their own name, which fail the trial.
 */
class FixedRowServerTest {
    private static final ScenarioSpec CRUD = ScenarioSpec.of(ScenarioKind.CRUD);
    private static final Pattern ZIP = Pattern.compile("\"zip\"\\s*:\\s*\"(\\d{5})\"");

    private HttpServer server;

    /** The server: honest for its first {@code honest} requests to {@code /zipcodes}, then the one row forever. */
    private String start(long honest) throws IOException {
        List<ZipCode> preloaded = Dependencies.rows(CRUD);
        Map<String, String> rows = new ConcurrentHashMap<>();
        preloaded.forEach(z -> rows.put(z.zip(), Json.write(z)));
        String fixed = Json.write(preloaded.get(0));
        AtomicLong served = new AtomicLong();
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 1024);
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.createContext("/health", x -> answer(x, 200, "{\"status\":\"UP\"}"));
        server.createContext("/zipcodes", x -> {
            boolean lying = served.incrementAndGet() > honest;
            String path = x.getRequestURI().getPath();
            if (x.getRequestMethod().equals("POST")) {
                String body = new String(x.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
                Matcher m = ZIP.matcher(body);
                if (!m.find()) {
                    answer(x, 400, "{\"error\":\"body is not valid JSON\"}");
                    return;
                }
                String before = rows.putIfAbsent(m.group(1), body);
                answer(x, before == null ? 201 : 200, lying ? fixed : before == null ? body : before);
                return;
            }
            String zip = path.substring("/zipcodes/".length());
            String row = rows.get(zip);
            if (lying) {
                answer(x, 200, fixed);
            } else if (row == null) {
                answer(x, 404, "{\"error\":\"no such zip\"}");
            } else {
                answer(x, 200, row);
            }
        });
        server.start();
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    private static void answer(HttpExchange x, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        x.getResponseHeaders().set("Content-Type", "application/json");
        x.sendResponseHeaders(status, bytes.length);
        try (var out = x.getResponseBody()) {
            out.write(bytes);
        }
    }

    @AfterEach
    void stop() {
        if (server != null) {
            server.stop(0);
        }
    }

    private static ValidationResult gate(String url) {
        return new Validator(url, false).validate(CRUD, Dependencies.rows(CRUD).get(0), Dependencies.freshRow(CRUD));
    }

    @Test
    void oneRowForEveryZipFromTheStartIsRefusedByTheGate() throws Exception {
        ValidationResult v = gate(start(0));
        assertThat(v.passed()).isFalse();
        assertThat(v.failure())
                .contains("/zipcodes/" + Dependencies.freshRow(CRUD).zip());
    }

    @Test
    void oneRowOnceTheGateIsPastPassesItAndIsCaughtUnderLoad(@TempDir Path dir) throws Exception {
        String url = start(10);
        assertThat(gate(url).passed()).as("its answers to the gate were right").isTrue();
        LoadLevel level = new LoadLevel(8, 800.0);
        LoadSpec spec = LoadJobs.of(
                        url,
                        CRUD,
                        level,
                        Duration.ofMillis(300),
                        Duration.ofMillis(300),
                        Duration.ofSeconds(3),
                        null,
                        TrialDir.create(dir, "t"))
                .toSpec(dir);
        LoadReport r = LoadGenerator.run(spec, ProgressListener.NONE);

        assertThat(r.answers()).isNotNull();
        assertThat(r.answers().checked()).as("answers sampled").isGreaterThan(10);
        assertThat(r.answers().wrong())
                .as("the reads answered with another zip's row (a write's own row is its zip's)")
                .isPositive();
        assertThat(r.errors().get(ErrorCategory.WRONG_ANSWER))
                .isEqualTo(r.answers().wrong());
        assertThat(r.successes()).isEqualTo(r.requests() - r.answers().wrong());

        List<Verdict> verdicts = Verdicts.judge(
                new Evidence(
                        CRUD,
                        level,
                        null,
                        null,
                        new ValidationResult(true, List.of(), null),
                        r,
                        List.of(),
                        Resources.NONE,
                        new CpuSplit("1", "0", "0"),
                        DependencyWork.NONE,
                        null,
                        Ceiling.NONE,
                        null,
                        false),
                Thresholds.DEFAULTS);
        assertThat(verdicts).extracting(Verdict::code).contains(VerdictCode.ERRORS);
        assertThat(verdicts.stream()
                        .filter(v -> v.code() == VerdictCode.ERRORS)
                        .findFirst()
                        .orElseThrow()
                        .reason())
                .contains("wrong answer");
    }
}
