package io.loadlab.frameworks.springmvc;

import io.loadlab.frameworks.common.ContractText;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;

/** The contract's answers as {@link ResponseEntity}s: its exact bytes and content types, its JSON errors. */
final class Answers {
    static final MediaType TEXT = MediaType.parseMediaType(ContractText.TEXT_PLAIN);
    static final MediaType JSON = MediaType.APPLICATION_JSON;

    private Answers() {}

    static ResponseEntity<byte[]> text(String body) {
        return ResponseEntity.ok().contentType(TEXT).body(ContractText.utf8(body));
    }

    static ResponseEntity<byte[]> json(int status, String body) {
        return ResponseEntity.status(status).contentType(JSON).body(ContractText.utf8(body));
    }

    static ResponseEntity<byte[]> error(int status, String reason) {
        return json(status, ContractText.errorJson(reason));
    }

    /** An error after which the connection closes: the request stream can no longer be trusted. */
    static ResponseEntity<byte[]> errorAndClose(int status, String reason) {
        return ResponseEntity.status(status)
                .header(HttpHeaders.CONNECTION, "close")
                .contentType(JSON)
                .body(ContractText.utf8(ContractText.errorJson(reason)));
    }
}
