package io.loadlab.frameworks.mvcasync;

import io.loadlab.frameworks.common.ContractText;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/** A declared body over 1 MiB refused with 413 (and the connection closed) before it is read. */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE)
class BodyLimit extends OncePerRequestFilter {
    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        if (request.getContentLengthLong() > ContractText.MAX_BODY_BYTES) {
            write(response, Answers.refusal(413, null));
            return;
        }
        chain.doFilter(request, response);
    }

    /** Writes {@code reply} with the servlet API (for answers given outside Spring MVC). */
    static void write(HttpServletResponse response, ResponseEntity<byte[]> reply) throws IOException {
        response.setStatus(reply.getStatusCode().value());
        reply.getHeaders().forEach((name, values) -> response.setHeader(name, values.getFirst()));
        response.getOutputStream().write(reply.getBody());
    }
}
