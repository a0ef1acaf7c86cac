package io.loadlab.loadgen;

import static org.assertj.core.api.Assertions.assertThat;

import io.loadlab.core.result.AnswerChecks;
import io.loadlab.core.result.ErrorCategory;
import io.loadlab.core.result.LoadReport;
import io.loadlab.core.unit.Duration;
import io.loadlab.core.unit.Rate;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * What a 5xx answer says is counted beside its status: a shed that says when to retry ({@code Retry-After}), and the
 * dependency its body names as what failed ({@code {"error":"database: ..."}}, {@code backend: ...}).
 */
class ErrorAnswersTest {
    private static String answer(String status, String headers, String body) {
        return "HTTP/1.1 " + status + "\r\nContent-Type: application/json\r\n" + headers + "Content-Length: "
                + body.getBytes(StandardCharsets.US_ASCII).length + "\r\n\r\n" + body;
    }

    @Test
    void eachKindOf5xxIsCountedByWhatItSaid() throws Exception {
        try (TestHttpServer server = TestHttpServer.answering(
                answer(
                        "503 Service Unavailable",
                        "Retry-After: 1\r\n",
                        "{\"error\":\"overloaded: request queue full\"}"),
                answer("503 Service Unavailable", "", "{\"error\":\"database: connection refused\"}"),
                answer("502 Bad Gateway", "", "{\"error\": \"backend: connection reset\"}"),
                answer("500 Internal Server Error", "", "{\"error\":\"the database is fine\"}"))) {
            LoadReport r = LoadGenerator.run(
                    LoadSpec.builder(server.url("/"))
                            .threads(1)
                            .connections(1)
                            .maxConnections(10)
                            .rate(Rate.perSecond(200))
                            .timeout(Duration.ofSeconds(1))
                            .duration(Duration.ofSeconds(2))
                            .build(),
                    ProgressListener.NONE);
            AnswerChecks a = r.answers();
            long n = r.throughput().requests();
            assertThat(n).isGreaterThan(100);
            // one connection, answers in turn: each kind is a quarter of the window's answers, give or take the edges
            assertThat(a.retryLater()).isBetween(n / 4 - 2, n / 4 + 2);
            assertThat(a.databaseErrors()).isBetween(n / 4 - 2, n / 4 + 2);
            assertThat(a.backendErrors()).as("spaces after the colon allowed").isBetween(n / 4 - 2, n / 4 + 2);
            assertThat(r.errors().get(ErrorCategory.STATUS)).isEqualTo(n);
            assertThat(r.rejections())
                    .as("the 503s that named no dependency: the ones that said when to retry")
                    .isEqualTo(r.statusCodes().get("503") - a.databaseErrors())
                    .isEqualTo(a.retryLater());
        }
    }

    @Test
    void aDependencyIsNamedOnlyAsTheErrorsOwnWords() {
        assertThat(named("{\"error\":\"database: down\"}")).isEqualTo(Worker.NAMES_DATABASE);
        assertThat(named("{ \"error\" : \"backend: 500\" }")).isEqualTo(Worker.NAMES_BACKEND);
        assertThat(named("{\"error\":\"the database: down\"}")).isZero();
        assertThat(named("{\"message\":\"database: down\"}")).isZero();
        assertThat(named("{\"error\":\"databas")).as("cut short").isZero();
        assertThat(AnswerCheck.namedDependency(null, 0)).isZero();
    }

    private static int named(String body) {
        byte[] b = body.getBytes(StandardCharsets.US_ASCII);
        return AnswerCheck.namedDependency(b, b.length);
    }
}
