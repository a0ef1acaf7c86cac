package io.loadlab.frameworks.httpcore;

import io.loadlab.frameworks.common.BackendFailure;
import io.loadlab.frameworks.common.ContractText;
import java.util.concurrent.TimeUnit;
import org.apache.hc.core5.http.EntityDetails;
import org.apache.hc.core5.http.HttpRequest;
import org.apache.hc.core5.http.nio.AsyncRequestConsumer;
import org.apache.hc.core5.http.nio.AsyncServerRequestHandler.ResponseTrigger;
import org.apache.hc.core5.http.nio.support.AbstractServerExchangeHandler;
import org.apache.hc.core5.http.protocol.HttpContext;

/**
 * One exchange: routes the request read by a {@link BodyConsumer} on the I/O thread and answers it without ever
 * blocking that thread. {@code /delay} is answered by the scheduler, {@code /backend} by the HTTP client's callback,
 * the zip codes and health by a worker; the rest at once. A known path with another method is 405 with {@code
 * Allow}; any other path 404; a refused request 400, 413 or 431, and the connection closes.
 */
final class ContractHandler extends AbstractServerExchangeHandler<Request> {
    private final Services services;

    ContractHandler(Services services) {
        this.services = services;
    }

    @Override
    protected AsyncRequestConsumer<Request> supplyConsumer(
            HttpRequest request, EntityDetails entity, HttpContext context) {
        return new BodyConsumer();
    }

    @Override
    protected void handle(Request request, ResponseTrigger trigger, HttpContext context) {
        Answers answer = new Answers(trigger, context);
        if (request.problem() != null) {
            int status = request.problem();
            answer.errorAndClose(status, switch (status) {
                case 413 -> ContractText.BODY_TOO_LARGE;
                case 431 -> ContractText.HEADERS_TOO_LARGE;
                default -> ContractText.MALFORMED_REQUEST;
            });
            return;
        }
        String path = request.path();
        String allowed = ContractText.allowedMethod(path);
        if (allowed == null) {
            answer.error(404, ContractText.NOT_FOUND);
        } else if (!allowed.equals(request.head().getMethod())) {
            answer.notAllowed(allowed);
        } else {
            route(path, request, answer);
        }
    }

    private void route(String path, Request request, Answers answer) {
        switch (path) {
            case "/plaintext" -> answer.text(ContractText.PLAINTEXT);
            case "/json" -> answer.send(200, Answers.JSON, Message.helloJson(), null);
            case "/delay" -> delay(request, answer);
            case "/backend" -> backend(answer);
            case "/health" -> services.worker().execute(() -> health(answer));
            case "/settings" -> answer.json(200, services.settings().json());
            case "/zipcodes" -> services.zipCodes().upsert(request.body(), answer);
            default -> services.zipCodes().find(path.substring("/zipcodes/".length()), answer);
        }
    }

    private void delay(Request request, Answers answer) {
        int ms = ContractText.delayMillis(ContractText.msParameter(request.query()));
        if (ms < 0) {
            answer.error(400, ContractText.BAD_DELAY);
        } else {
            services.scheduler().schedule(() -> answer.text(ContractText.DELAYED), ms, TimeUnit.MILLISECONDS);
        }
    }

    private void backend(Answers answer) {
        if (!services.backend().configured()) {
            answer.error(502, ContractText.NO_BACKEND);
            return;
        }
        services.backend().get("/hello").whenComplete((body, failure) -> {
            if (failure == null) {
                answer.send(200, Answers.TEXT, body, null);
            } else {
                answer.error(502, failure.getMessage());
            }
        });
    }

    /** On a worker: the database's check blocks. */
    private void health(Answers answer) {
        String problem = services.zipCodes().healthProblem();
        if (problem == null && services.backend().configured()) {
            try {
                services.backend().get("/health").join();
            } catch (RuntimeException e) {
                problem = e.getCause() instanceof BackendFailure f ? f.getMessage() : e.getMessage();
            }
        }
        if (problem == null) {
            answer.json(200, ContractText.HEALTH_UP);
        } else {
            answer.json(503, ContractText.healthDown(problem));
        }
    }
}
