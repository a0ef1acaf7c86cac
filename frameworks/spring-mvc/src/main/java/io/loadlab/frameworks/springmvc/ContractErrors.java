package io.loadlab.frameworks.springmvc;

import io.loadlab.frameworks.common.ContractText;
import org.springframework.dao.DataAccessException;
import org.springframework.http.HttpHeaders;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.web.HttpRequestMethodNotSupportedException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.servlet.NoHandlerFoundException;
import org.springframework.web.servlet.resource.NoResourceFoundException;

/** What Spring MVC decides for the contract (no route, wrong method, unreadable body, a lost database) as its JSON. */
@RestControllerAdvice
class ContractErrors {
    @ExceptionHandler({NoHandlerFoundException.class, NoResourceFoundException.class})
    ResponseEntity<byte[]> notFound() {
        return Answers.error(404, ContractText.NOT_FOUND);
    }

    @ExceptionHandler
    ResponseEntity<byte[]> methodNotAllowed(HttpRequestMethodNotSupportedException e) {
        ResponseEntity<byte[]> answer = Answers.error(405, ContractText.METHOD_NOT_ALLOWED);
        String[] allowed = e.getSupportedMethods();
        return allowed == null
                ? answer
                : ResponseEntity.status(405)
                        .header(HttpHeaders.ALLOW, String.join(", ", allowed))
                        .contentType(Answers.JSON)
                        .body(answer.getBody());
    }

    /** A body that could not be read: over 1 MiB (413, and close), or broken off (400). */
    @ExceptionHandler
    ResponseEntity<byte[]> unreadable(HttpMessageNotReadableException e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof BodyLimitFilter.TooLarge) {
                return Answers.errorAndClose(413, ContractText.BODY_TOO_LARGE);
            }
        }
        return Answers.errorAndClose(400, ContractText.MALFORMED_REQUEST);
    }

    @ExceptionHandler
    ResponseEntity<byte[]> database(DataAccessException e) {
        return ZipCodeController.failed(e);
    }
}
