package io.loadlab.frameworks.springmvc;

import io.loadlab.frameworks.common.BackendFailure;
import io.loadlab.frameworks.common.ContractText;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * The contract's routes other than the zip codes. The waiting ones block the request's thread (a Tomcat worker, or a
 * virtual thread with {@code LOADLAB_VIRTUAL=true}): {@code /delay} sleeps, {@code /backend} waits on the
 * {@link BackendClient}.
 */
@RestController
class ContractController {
    private final BackendClient backend;
    private final ZipCodes zipCodes;
    private final AppSettings settings;

    ContractController(BackendClient backend, ZipCodes zipCodes, AppSettings settings) {
        this.backend = backend;
        this.zipCodes = zipCodes;
        this.settings = settings;
    }

    /** The contract's {@code /json} body. */
    record Message(String message) {}

    @GetMapping("/plaintext")
    ResponseEntity<byte[]> plaintext() {
        return Answers.text(ContractText.PLAINTEXT);
    }

    @GetMapping("/json")
    Message json() {
        return new Message(ContractText.PLAINTEXT);
    }

    @GetMapping("/delay")
    ResponseEntity<byte[]> delay(@RequestParam(name = "ms", required = false) String ms) throws InterruptedException {
        int millis = ContractText.delayMillis(ms);
        if (millis < 0) {
            return Answers.error(400, ContractText.BAD_DELAY);
        }
        Thread.sleep(millis);
        return Answers.text(ContractText.DELAYED);
    }

    @GetMapping("/backend")
    ResponseEntity<byte[]> backend() {
        if (!backend.configured()) {
            return Answers.error(502, ContractText.NO_BACKEND);
        }
        try {
            return ResponseEntity.ok().contentType(Answers.TEXT).body(backend.hello());
        } catch (BackendFailure e) {
            return Answers.error(502, e.getMessage());
        }
    }

    @GetMapping("/health")
    ResponseEntity<byte[]> health() {
        String problem = backend.healthProblem(zipCodes.healthProblem());
        return problem == null
                ? Answers.json(200, ContractText.HEALTH_UP)
                : Answers.json(503, ContractText.healthDown(problem));
    }

    @GetMapping("/settings")
    ResponseEntity<byte[]> settings() {
        return Answers.json(200, settings.json());
    }
}
