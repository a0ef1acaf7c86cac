package io.loadlab.frameworks.mvcasync;

import io.loadlab.frameworks.common.ContractText;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;

/**
 * The contract's answers as {@link ResponseEntity}s with their content type and length, and a {@code Date} of when
 * the answer is made (Jetty's own is the request's arrival, stale after a long wait).
 */
final class Answers {
    static final MediaType TEXT = MediaType.parseMediaType(ContractText.TEXT_PLAIN);
    static final MediaType JSON = MediaType.parseMediaType(ContractText.APPLICATION_JSON);

    private Answers() {}

    static ResponseEntity<byte[]> text(String body) {
        return text(ContractText.utf8(body));
    }

    static ResponseEntity<byte[]> text(byte[] body) {
        return of(200, TEXT, body).build(body);
    }

    static ResponseEntity<byte[]> json(int status, String body) {
        return json(status, ContractText.utf8(body));
    }

    static ResponseEntity<byte[]> json(int status, byte[] body) {
        return of(status, JSON, body).build(body);
    }

    static ResponseEntity<byte[]> error(int status, String reason) {
        return json(status, ContractText.errorJson(reason));
    }

    /**
     * An error the framework decided (parsing, routing, a failure that escaped a controller) with the contract's
     * reason: a request line too long (414) is 431 like headers; a request line whose version Jetty does not speak
     * (505: none, i.e. HTTP/0.9, or an unknown one) is malformed, 400; {@code allow} names the methods of a 405; 400,
     * 413 and 431 close the connection.
     */
    static ResponseEntity<byte[]> refusal(int frameworkStatus, String allow) {
        int status = switch (frameworkStatus) {
            case 414 -> 431;
            case 505 -> 400;
            default -> frameworkStatus;
        };
        byte[] b = ContractText.utf8(ContractText.errorJson(reason(status)));
        Builder r = of(status, JSON, b);
        if (allow != null) {
            r.headers.set(HttpHeaders.ALLOW, allow);
        }
        if (status == 400 || status == 413 || status == 431) {
            r.headers.set(HttpHeaders.CONNECTION, "close");
        }
        return r.build(b);
    }

    private static String reason(int status) {
        return status == 503 ? "service unavailable: timed out" : ContractText.refusalReason(status, "internal error");
    }

    private static Builder of(int status, MediaType type, byte[] body) {
        HttpHeaders h = new HttpHeaders();
        h.setContentType(type);
        h.setContentLength(body.length);
        h.setDate(System.currentTimeMillis());
        return new Builder(status, h);
    }

    private record Builder(int status, HttpHeaders headers) {
        ResponseEntity<byte[]> build(byte[] body) {
            return ResponseEntity.status(status).headers(headers).body(body);
        }
    }
}
