package io.loadlab.frameworks.quarkus;

import io.loadlab.frameworks.common.ContractText;
import jakarta.ws.rs.NotAllowedException;
import jakarta.ws.rs.WebApplicationException;
import jakarta.inject.Inject;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;

/**
 * What Quarkus REST decides for the contract (no route, a wrong method, an unreadable body) as its JSON errors; a
 * 405's {@code Allow} names the path's methods, read from the resource classes (Quarkus REST sends none).
 */
@Provider
public class ContractErrors implements ExceptionMapper<WebApplicationException> {
    private static volatile AllowedMethods allowed;

    @Context
    UriInfo uri;

    @Inject
    QuarkusApp app;

    private AllowedMethods allowed() {
        AllowedMethods a = allowed;
        if (a == null) {
            a = new AllowedMethods(app.resources());
            allowed = a;
        }
        return a;
    }

    @Override
    public Response toResponse(WebApplicationException e) {
        int status = e.getResponse() == null ? 500 : e.getResponse().getStatus();
        Response answer = Answers.error(status, reason(status));
        if (e instanceof NotAllowedException) {
            String allowed = allowed().of(uri.getPath());
            return allowed.isEmpty() ? answer : Response.fromResponse(answer).header(HttpHeaders.ALLOW, allowed).build();
        }
        if (status == 400 || status == 413) {
            return Response.fromResponse(answer).header("Connection", "close").build();
        }
        return answer;
    }

    /** The contract's reason for a status the framework decided. */
    public static String reason(int status) {
        return switch (status) {
            case 400 -> ContractText.MALFORMED_REQUEST;
            case 404 -> ContractText.NOT_FOUND;
            case 405 -> ContractText.METHOD_NOT_ALLOWED;
            case 413 -> ContractText.BODY_TOO_LARGE;
            case 414, 431 -> ContractText.HEADERS_TOO_LARGE;
            case 500 -> "internal error";
            default -> "status " + status;
        };
    }
}
