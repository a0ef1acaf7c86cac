package io.loadlab.frameworks.helidon;

import io.loadlab.frameworks.common.ContractText;
import io.helidon.http.HeaderNames;
import io.helidon.http.HeaderValues;
import io.helidon.http.Status;
import io.helidon.webserver.http.ServerResponse;

/** The contract's answers on a Helidon {@link ServerResponse}: its exact bytes, content types and JSON errors. */
final class Answers {
    private Answers() {}

    static void text(ServerResponse res, String body) {
        send(res, 200, ContractText.TEXT_PLAIN, ContractText.utf8(body));
    }

    static void json(ServerResponse res, int status, String body) {
        send(res, status, ContractText.APPLICATION_JSON, ContractText.utf8(body));
    }

    /**
     * 200 with {@code entity} serialized to JSON by Helidon's media support (Jackson's, found on the class path), as
     * {@code application/json} with no charset.
     */
    static void entity(ServerResponse res, Object entity) {
        res.status(Status.OK_200);
        res.header(HeaderNames.CONTENT_TYPE, ContractText.APPLICATION_JSON);
        res.send(entity);
    }

    static void error(ServerResponse res, int status, String reason) {
        json(res, status, ContractText.errorJson(reason));
    }

    /** An error after which the connection closes: the request stream can no longer be trusted. */
    static void errorAndClose(ServerResponse res, int status, String reason) {
        res.header(HeaderValues.CONNECTION_CLOSE);
        error(res, status, reason);
    }

    static void send(ServerResponse res, int status, String type, byte[] body) {
        // Helidon knows no 431 by name
        res.status(status == 431 ? Status.create(431, "Request Header Fields Too Large") : Status.create(status));
        res.header(HeaderNames.CONTENT_TYPE, type);
        res.send(body);
    }
}
