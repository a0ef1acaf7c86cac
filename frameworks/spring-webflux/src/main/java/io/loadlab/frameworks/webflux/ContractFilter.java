package io.loadlab.frameworks.webflux;

import io.loadlab.frameworks.common.ContractText;
import io.netty.handler.codec.http.HttpVersion;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.server.reactive.ServerHttpRequestDecorator;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ResponseStatusException;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;
import reactor.netty.http.server.HttpServerRequest;

/**
 * The contract's headers on every answer ({@code Server}, a {@code Date} of when the answer is committed), and a
 * declared body over 1 MiB refused with 413 before it is read. An HTTP/1.0 request asking for keep-alive is answered
 * {@code Connection: keep-alive}, without which Reactor Netty closes the connection after the answer.
 */
@Component
@Order(Integer.MIN_VALUE)
class ContractFilter implements WebFilter {
    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        boolean keepAlive10 = ServerHttpRequestDecorator.getNativeRequest(exchange.getRequest())
                        instanceof HttpServerRequest n
                && n.version().equals(HttpVersion.HTTP_1_0)
                && n.isKeepAlive();
        exchange.getResponse().beforeCommit(() -> {
            HttpHeaders h = exchange.getResponse().getHeaders();
            h.set(HttpHeaders.SERVER, ContractText.SERVER);
            h.setDate(System.currentTimeMillis());
            if (keepAlive10 && !h.containsHeader(HttpHeaders.CONNECTION)) {
                h.set(HttpHeaders.CONNECTION, "keep-alive");
            }
            return Mono.empty();
        });
        if (exchange.getRequest().getHeaders().getContentLength() > ContractText.MAX_BODY_BYTES) {
            return Mono.error(new ResponseStatusException(HttpStatus.CONTENT_TOO_LARGE));
        }
        return chain.filter(exchange);
    }
}
