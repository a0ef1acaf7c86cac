package io.loadlab.frameworks.quarkus.broken;

import static org.assertj.core.api.Assertions.assertThat;

import io.loadlab.core.settings.ServerSettings;
import io.loadlab.core.settings.SettingsReader;
import io.loadlab.frameworks.quarkus.QuarkusJar;
import io.loadlab.testkit.contract.ContractHttp;
import io.loadlab.testkit.contract.ContractTarget;
import io.loadlab.testkit.contract.SharedApp;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The study's first application serves what needs no POST, as the lab's validation wants before it measures, and
 * its POSTs of new zip codes store nothing. On Quarkus 3.33 they fail at once rather than hang as in the study:
 * Quarkus REST runs a {@code @Transactional} method on a worker thread, where Hibernate Reactive refuses to run
 * (HR000068), and the POST answers 503 with that reason. Bounded: every POST gets a few seconds.
 */
@Timeout(120)
class QuarkusBrokenTest {
    private static final int POSTS = 12;
    private static final QuarkusJar JAR = QuarkusJar.fromBuild("quarkus-broken");

    @RegisterExtension
    static final SharedApp APP = new SharedApp(JAR::start);

    @Test
    void answersHealthAndTheReadRoutes() throws Exception {
        ContractTarget app = APP.target();
        ContractHttp.expect(ContractHttp.get(app, "/health"), 200, ContractHttp.JSON, "{\"status\":\"UP\"}");
        ContractHttp.expect(ContractHttp.get(app, "/plaintext"), 200, ContractHttp.TEXT, "Hello, World!");
        ContractHttp.deleteZip(app.db(), "97001");
        ContractHttp.expect(
                ContractHttp.get(app, "/zipcodes/97001"), 404, ContractHttp.JSON, "{\"error\":\"no such zip\"}");
        String settings = ContractHttp.text(ContractHttp.get(app, "/settings"));
        assertThat(SettingsReader.problems(settings)).as("/settings against the settings record").isEmpty();
        ServerSettings s = SettingsReader.read(settings);
        assertThat(s.model()).isEqualTo("quarkus-broken");
        assertThat(s.database().transactions().write()).isEqualTo(ServerSettings.Transactions.REQUEST);
        assertThat(s.threads().workerThreads().value()).isPositive();
    }

    @Test
    void postsOfNewZipsDoNotStoreWhatTheyAnswer() throws Exception {
        ContractTarget app = APP.target();
        List<String> zips = new ArrayList<>();
        for (int i = 0; i < POSTS; i++) {
            String zip = String.format("971%02d", i);
            ContractHttp.deleteZip(app.db(), zip);
            zips.add(zip);
        }
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
        List<CompletableFuture<HttpResponse<String>>> answers = new ArrayList<>();
        for (String zip : zips) {
            HttpRequest post = HttpRequest.newBuilder(URI.create(app.baseUrl() + "/zipcodes"))
                    .timeout(Duration.ofSeconds(8))
                    .header("Content-Type", ContractHttp.JSON)
                    .POST(HttpRequest.BodyPublishers.ofString(ContractHttp.row(zip)))
                    .build();
            answers.add(http.sendAsync(post, HttpResponse.BodyHandlers.ofString()));
        }
        int created = 0;
        int unanswered = 0;
        String other = "";
        for (CompletableFuture<HttpResponse<String>> a : answers) {
            try {
                HttpResponse<String> r = a.get(30, TimeUnit.SECONDS);
                created += r.statusCode() == 201 ? 1 : 0;
                other = r.statusCode() == 201 ? other : r.statusCode() + " " + r.body();
            } catch (Exception e) {
                if (!(e.getCause() instanceof HttpTimeoutException) && !(e instanceof CompletionException)) {
                    throw e;
                }
                unanswered++;
            }
        }
        int rows = 0;
        for (String zip : zips) {
            rows += ContractHttp.rowsOf(app.db(), zip);
        }
        String outcome = created + " answered 201, " + unanswered + " unanswered, " + rows + " rows stored"
                + (other.isEmpty() ? "" : "; another answer: " + other);
        System.out.println("quarkus-broken: " + outcome);
        assertThat(created == POSTS && rows == POSTS).as(outcome).isFalse();
        assertThat(rows).as(outcome).isZero();
        assertThat(other).as(outcome).contains("503", "Vert.x EventLoop thread");
    }
}
