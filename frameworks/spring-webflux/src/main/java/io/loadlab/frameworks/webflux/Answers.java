package io.loadlab.frameworks.webflux;

import io.loadlab.frameworks.common.ContractText;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;

/** The contract's answers as {@link ResponseEntity}s with their content type and length. */
final class Answers {
    static final MediaType TEXT = MediaType.parseMediaType(ContractText.TEXT_PLAIN);
    static final MediaType JSON = MediaType.parseMediaType(ContractText.APPLICATION_JSON);

    private Answers() {}

    static ResponseEntity<byte[]> text(byte[] body) {
        return of(200, TEXT, body);
    }

    static ResponseEntity<byte[]> json(int status, String body) {
        return of(status, JSON, ContractText.utf8(body));
    }

    static ResponseEntity<byte[]> error(int status, String reason) {
        return json(status, ContractText.errorJson(reason));
    }

    private static ResponseEntity<byte[]> of(int status, MediaType type, byte[] body) {
        return ResponseEntity.status(status)
                .contentType(type)
                .header(HttpHeaders.CONTENT_LENGTH, Integer.toString(body.length))
                .body(body);
    }

    /**
     * The reason of an error status the framework decided (a request refused while parsing or routing, or a failure
     * that escaped a controller); a request line too long (414) is answered 431 like headers, as every model does.
     */
    static String refusal(int status) {
        return ContractText.refusalReason(status == 414 ? 431 : status);
    }

    /** True when an answer of this status closes the connection: the request stream can no longer be trusted. */
    static boolean closes(int status) {
        return status == 400 || status == 413 || status == 431;
    }
}
