package io.loadlab.frameworks.quarkus;

import io.loadlab.frameworks.common.ContractText;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;

/** The contract's answers as JAX-RS {@link Response}s: its exact bytes, content types and JSON errors. */
public final class Answers {
    private Answers() {}

    public static Response text(String body) {
        return text(ContractText.utf8(body));
    }

    public static Response text(byte[] body) {
        return of(200, ContractText.TEXT_PLAIN, body);
    }

    public static Response json(int status, String body) {
        return of(status, ContractText.APPLICATION_JSON, ContractText.utf8(body));
    }

    public static Response error(int status, String reason) {
        return json(status, ContractText.errorJson(reason));
    }

    private static Response of(int status, String type, byte[] body) {
        return Response.status(status)
                .type(type)
                .header(HttpHeaders.CONTENT_LENGTH, body.length)
                .entity(body)
                .build();
    }
}
