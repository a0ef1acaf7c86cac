package io.loadlab.frameworks.mvcasync;

import io.loadlab.frameworks.common.ContractText;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.databind.json.JsonMapper;

/**
 * The routes that answer at once on the Jetty thread, in both modes, like the study's {@code /nodelay}; {@code
 * /health} blocks the Jetty thread on its checks (it is not a route under load).
 */
@RestController
record ContractController(BackendClient backend, ZipCodes zipCodes, AppSettings current, JsonMapper mapper) {
    /** The contract's {@code /json} body. */
    record Message(String message) {}

    @GetMapping("/plaintext")
    ResponseEntity<byte[]> plaintext() {
        return Answers.text(ContractText.PLAINTEXT);
    }

    /**
     * Serialized on every request by Spring Boot's JSON mapper, to bytes of a known length: Spring MVC's converter
     * flushes, which Jetty answers with chunked encoding, and the contract wants {@code Content-Length}.
     */
    @GetMapping("/json")
    ResponseEntity<byte[]> json() {
        return Answers.json(200, mapper.writeValueAsBytes(new Message(ContractText.PLAINTEXT)));
    }

    /** UP when the database and the backend (those configured) answer. */
    @GetMapping("/health")
    ResponseEntity<byte[]> health() {
        String problem = zipCodes.healthProblem();
        if (problem == null) {
            problem = backend.healthProblem();
        }
        return problem == null
                ? Answers.json(200, ContractText.HEALTH_UP)
                : Answers.json(503, ContractText.healthDown(problem));
    }

    @GetMapping("/settings")
    ResponseEntity<byte[]> settings() {
        return Answers.json(200, current.json());
    }
}
