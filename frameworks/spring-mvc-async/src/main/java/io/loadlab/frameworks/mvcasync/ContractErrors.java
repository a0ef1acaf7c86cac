package io.loadlab.frameworks.mvcasync;

import org.springframework.http.ResponseEntity;
import org.springframework.web.ErrorResponse;
import org.springframework.web.HttpRequestMethodNotSupportedException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/**
 * Spring MVC's own refusals (no route 404, wrong method 405 with {@code Allow}, a {@code DeferredResult} timed out
 * 503) and anything else that escaped a controller (500), answered as the contract's one-line JSON errors instead of
 * Spring Boot's error body.
 */
@RestControllerAdvice
class ContractErrors {
    @ExceptionHandler(Exception.class)
    ResponseEntity<byte[]> refuse(Exception failure) {
        int status = failure instanceof ErrorResponse e ? e.getStatusCode().value() : 500;
        String allow = failure instanceof HttpRequestMethodNotSupportedException e && e.getSupportedMethods() != null
                ? String.join(", ", e.getSupportedMethods())
                : null;
        return Answers.refusal(status, allow);
    }
}
