package io.loadlab.frameworks.helidon;

import io.loadlab.frameworks.common.BackendFailure;
import io.loadlab.frameworks.common.ContractText;
import io.helidon.http.HeaderNames;
import io.helidon.http.Method;
import io.helidon.webserver.http.HttpRules;
import io.helidon.webserver.http.HttpService;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

/**
 * The contract's routes as one Helidon {@link HttpService}. Each handler runs on the request's virtual thread and
 * blocks it: {@code /delay} sleeps, {@code /backend} waits on the {@link BackendClient}, the zip codes on JDBC. A
 * known path with another method is 405 with {@code Allow}; any other path 404.
 */
final class ContractRoutes implements HttpService {
    private final BackendClient backend;
    private final ZipCodes zipCodes;
    private final AppSettings settings;

    ContractRoutes(BackendClient backend, ZipCodes zipCodes, AppSettings settings) {
        this.backend = backend;
        this.zipCodes = zipCodes;
        this.settings = settings;
    }

    @Override
    public void routing(HttpRules rules) {
        rules.get("/plaintext", (req, res) -> Answers.text(res, ContractText.PLAINTEXT))
                .get("/json", (req, res) -> Answers.entity(res, new Message(ContractText.PLAINTEXT)))
                .get("/delay", this::delay)
                .get("/backend", this::backend)
                .get("/health", this::health)
                .get("/settings", (req, res) -> Answers.json(res, 200, settings.json()))
                .post("/zipcodes", zipCodes::upsert)
                .get("/zipcodes/{zip}", zipCodes::find);
        for (String path : new String[] {"/plaintext", "/json", "/delay", "/backend", "/health", "/settings"}) {
            rules.any(path, (req, res) -> notAllowed(res, Method.GET));
        }
        rules.any("/zipcodes", (req, res) -> notAllowed(res, Method.POST))
                .any("/zipcodes/{zip}", (req, res) -> notAllowed(res, Method.GET))
                .any((req, res) -> Answers.error(res, 404, ContractText.NOT_FOUND));
    }

    private void delay(ServerRequest req, ServerResponse res) throws InterruptedException {
        int millis = ContractText.delayMillis(req.query().first("ms").orElse(null));
        if (millis < 0) {
            Answers.error(res, 400, ContractText.BAD_DELAY);
            return;
        }
        Thread.sleep(millis);
        Answers.text(res, ContractText.DELAYED);
    }

    private void backend(ServerRequest req, ServerResponse res) {
        if (!backend.configured()) {
            Answers.error(res, 502, ContractText.NO_BACKEND);
            return;
        }
        try {
            Answers.send(res, 200, ContractText.TEXT_PLAIN, backend.hello());
        } catch (BackendFailure e) {
            Answers.error(res, 502, e.getMessage());
        }
    }

    private void health(ServerRequest req, ServerResponse res) {
        String problem = backend.healthProblem(zipCodes.healthProblem());
        if (problem == null) {
            Answers.json(res, 200, ContractText.HEALTH_UP);
        } else {
            Answers.json(res, 503, ContractText.healthDown(problem));
        }
    }

    private static void notAllowed(ServerResponse res, Method allowed) {
        res.header(HeaderNames.ALLOW, allowed.text());
        Answers.error(res, 405, ContractText.METHOD_NOT_ALLOWED);
    }
}
