package io.loadlab.frameworks.webflux;

import io.loadlab.frameworks.common.ContractText;
import java.time.Duration;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DataBufferUtils;
import org.springframework.http.ResponseEntity;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/**
 * Every route of the contract. The waiting ones return a {@link Mono} and leave the event loop at once: a reactive
 * timer for {@code /delay}, {@code WebClient} for {@code /backend}, R2DBC for {@code /zipcodes}.
 */
@RestController
class ContractController {
    private static final ResponseEntity<byte[]> PLAINTEXT = Answers.text(ContractText.utf8(ContractText.PLAINTEXT));
    private static final ResponseEntity<byte[]> DELAYED = Answers.text(ContractText.utf8(ContractText.DELAYED));

    private final BackendClient backend;
    private final ZipCodes zipCodes;
    private final AppSettings settings;

    /** The contract's {@code /json} body. */
    record Message(String message) {}

    ContractController(BackendClient backend, ZipCodes zipCodes, AppSettings settings) {
        this.backend = backend;
        this.zipCodes = zipCodes;
        this.settings = settings;
    }

    @GetMapping("/plaintext")
    ResponseEntity<byte[]> plaintext() {
        return PLAINTEXT;
    }

    /** Serialized on every request by WebFlux's JSON encoder (Jackson), which sizes a single value's answer. */
    @GetMapping("/json")
    ResponseEntity<Message> json() {
        return ResponseEntity.ok().contentType(Answers.JSON).body(new Message(ContractText.PLAINTEXT));
    }

    /** Waits on Reactor's timer ({@code Mono.delay} on the parallel scheduler), never a sleeping thread. */
    @GetMapping("/delay")
    Mono<ResponseEntity<byte[]>> delay(ServerHttpRequest request) {
        int ms = ContractText.delayMillis(ContractText.msParameter(request.getURI().getRawQuery()));
        if (ms < 0) {
            return Mono.just(Answers.error(400, ContractText.BAD_DELAY));
        }
        return Mono.delay(Duration.ofMillis(ms)).thenReturn(DELAYED);
    }

    @GetMapping("/backend")
    Mono<ResponseEntity<byte[]>> backend() {
        return backend.hello();
    }

    /**
     * Reads the whole body without blocking, whatever its content type (over 1 MiB is a {@code
     * DataBufferLimitException}: 413), then queries or inserts.
     */
    @PostMapping("/zipcodes")
    Mono<ResponseEntity<byte[]>> upsert(ServerHttpRequest request) {
        return DataBufferUtils.join(request.getBody(), (int) ContractText.MAX_BODY_BYTES)
                .map(ContractController::bytes)
                .defaultIfEmpty(new byte[0])
                .flatMap(zipCodes::upsert);
    }

    @GetMapping({"/zipcodes/{zip}", "/zipcodes/"})
    Mono<ResponseEntity<byte[]>> find(@PathVariable(required = false) String zip) {
        if (!ContractText.isValidZip(zip)) {
            return Mono.just(Answers.error(400, ContractText.BAD_ZIP));
        }
        return zipCodes.find(zip);
    }

    /** UP when the database and the backend (those configured) answer. */
    @GetMapping("/health")
    Mono<ResponseEntity<byte[]>> health() {
        return zipCodes.healthProblem()
                .switchIfEmpty(backend.healthProblem())
                .map(reason -> Answers.json(503, ContractText.healthDown(reason)))
                .defaultIfEmpty(Answers.json(200, ContractText.HEALTH_UP));
    }

    @GetMapping("/settings")
    ResponseEntity<byte[]> settings() {
        return Answers.json(200, settings.json());
    }

    private static byte[] bytes(DataBuffer buffer) {
        try {
            byte[] b = new byte[buffer.readableByteCount()];
            buffer.read(b);
            return b;
        } finally {
            DataBufferUtils.release(buffer);
        }
    }
}
