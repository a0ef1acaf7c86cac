package io.loadlab.frameworks.mvcasync;

import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.http.HttpServletRequest;
import org.springframework.boot.webmvc.error.ErrorController;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * The servlet container's error page (an error raised outside Spring MVC's handlers, dispatched to {@code /error}),
 * answered as the contract's JSON error in place of Spring Boot's {@code BasicErrorController}.
 */
@RestController
class ErrorPage implements ErrorController {
    @RequestMapping("/error")
    ResponseEntity<byte[]> error(HttpServletRequest request) {
        Object status = request.getAttribute(RequestDispatcher.ERROR_STATUS_CODE);
        return Answers.refusal(status instanceof Integer s ? s : 500, null);
    }
}
