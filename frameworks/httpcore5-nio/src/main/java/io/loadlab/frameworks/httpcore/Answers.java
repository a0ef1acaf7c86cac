package io.loadlab.frameworks.httpcore;

import io.loadlab.frameworks.common.ContractText;
import java.io.IOException;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.http.HttpException;
import org.apache.hc.core5.http.HttpHeaders;
import org.apache.hc.core5.http.nio.AsyncServerRequestHandler.ResponseTrigger;
import org.apache.hc.core5.http.nio.support.AsyncResponseBuilder;
import org.apache.hc.core5.http.protocol.HttpContext;

/**
 * The contract's answers submitted to an exchange's {@link ResponseTrigger}, from whichever thread has them (an I/O
 * thread, the scheduler, the backend client's callback, a worker): its exact bytes, bare content types, JSON errors.
 * HttpCore's response interceptors add {@code Date}, {@code Server} and the connection's keep-alive headers.
 */
final class Answers {
    static final ContentType TEXT = ContentType.create(ContractText.TEXT_PLAIN);
    static final ContentType JSON = ContentType.create(ContractText.APPLICATION_JSON);

    private final ResponseTrigger trigger;
    private final HttpContext context;

    Answers(ResponseTrigger trigger, HttpContext context) {
        this.trigger = trigger;
        this.context = context;
    }

    void text(String body) {
        send(200, TEXT, ContractText.utf8(body), null);
    }

    void json(int status, String body) {
        send(status, JSON, ContractText.utf8(body), null);
    }

    void error(int status, String reason) {
        json(status, ContractText.errorJson(reason));
    }

    /** An error after which the connection closes: the request stream can no longer be trusted. */
    void errorAndClose(int status, String reason) {
        send(status, JSON, ContractText.utf8(ContractText.errorJson(reason)), "close");
    }

    /** 405 with the one method the path allows. */
    void notAllowed(String allowed) {
        AsyncResponseBuilder b = AsyncResponseBuilder.create(405)
                .setHeader(HttpHeaders.ALLOW, allowed)
                .setEntity(ContractText.utf8(ContractText.errorJson(ContractText.METHOD_NOT_ALLOWED)), JSON);
        submit(b);
    }

    void send(int status, ContentType type, byte[] body, String connection) {
        AsyncResponseBuilder b = AsyncResponseBuilder.create(status).setEntity(body, type);
        if (connection != null) {
            b.setHeader(HttpHeaders.CONNECTION, connection);
        }
        submit(b);
    }

    private void submit(AsyncResponseBuilder b) {
        try {
            trigger.submitResponse(b.build(), context);
        } catch (HttpException | IOException e) {
            // the connection is gone: nobody to answer
        }
    }
}
