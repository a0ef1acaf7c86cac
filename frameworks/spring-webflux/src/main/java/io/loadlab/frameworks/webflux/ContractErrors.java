package io.loadlab.frameworks.webflux;

import io.loadlab.frameworks.common.ContractText;
import java.util.stream.Collectors;
import org.springframework.core.annotation.Order;
import org.springframework.core.io.buffer.DataBufferLimitException;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.server.reactive.ServerHttpResponse;
import org.springframework.stereotype.Component;
import org.springframework.web.server.MethodNotAllowedException;
import org.springframework.web.server.ResponseStatusException;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebExceptionHandler;
import reactor.core.publisher.Mono;

/**
 * WebFlux's own refusals (no route 404, wrong method 405 with {@code Allow}, a body over 1 MiB 413) and anything
 * else that escaped a controller (500), answered as the contract's one-line JSON errors instead of Spring Boot's error
 * body; 400 and 413 close the connection. Runs before Boot's own handler.
 */
@Component
@Order(-2)
class ContractErrors implements WebExceptionHandler {
    @Override
    public Mono<Void> handle(ServerWebExchange exchange, Throwable failure) {
        ServerHttpResponse res = exchange.getResponse();
        if (res.isCommitted()) {
            return Mono.error(failure);
        }
        int status = statusOf(failure);
        status = status == 414 ? 431 : status;
        byte[] body = ContractText.utf8(ContractText.errorJson(Answers.refusal(status)));
        res.setStatusCode(HttpStatusCode.valueOf(status));
        HttpHeaders h = res.getHeaders();
        h.clear();
        h.setContentType(Answers.JSON);
        h.setContentLength(body.length);
        if (failure instanceof MethodNotAllowedException e) {
            h.set(HttpHeaders.ALLOW, e.getSupportedMethods().stream()
                    .map(HttpMethod::name)
                    .collect(Collectors.joining(", ")));
        }
        if (Answers.closes(status)) {
            h.set(HttpHeaders.CONNECTION, "close");
        }
        return res.writeWith(Mono.just(res.bufferFactory().wrap(body)));
    }

    private static int statusOf(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof DataBufferLimitException) {
                return 413;
            }
        }
        return failure instanceof ResponseStatusException e ? e.getStatusCode().value() : 500;
    }
}
