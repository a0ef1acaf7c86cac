package io.loadlab.frameworks.mvcasync;

import io.loadlab.frameworks.common.ContractText;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * The routes that answer at once on the Jetty thread, in both modes, like the study's {@code /nodelay}; {@code
 * /health} blocks the Jetty thread on its checks (it is not a route under load).
 */
@RestController
record ContractController(Backend backend, ZipCodes zipCodes, Settings current) {
    @GetMapping("/plaintext")
    ResponseEntity<byte[]> plaintext() {
        return Replies.text(ContractText.PLAINTEXT);
    }

    @GetMapping("/json")
    ResponseEntity<byte[]> json() {
        return Replies.json(200, ContractText.JSON);
    }

    /** UP when the database and the backend (those configured) answer. */
    @GetMapping("/health")
    ResponseEntity<byte[]> health() {
        String problem = zipCodes.healthProblem();
        if (problem == null) {
            problem = backend.healthProblem();
        }
        return problem == null
                ? Replies.json(200, ContractText.HEALTH_UP)
                : Replies.json(503, ContractText.healthDown(problem));
    }

    @GetMapping("/settings")
    ResponseEntity<byte[]> settings() {
        return Replies.json(200, current.json());
    }
}
