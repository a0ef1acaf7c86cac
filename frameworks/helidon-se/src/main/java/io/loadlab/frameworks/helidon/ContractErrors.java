package io.loadlab.frameworks.helidon;

import io.loadlab.frameworks.common.ContractText;
import io.helidon.http.DirectHandler;
import io.helidon.http.HeaderNames;
import io.helidon.http.HeaderValues;
import io.helidon.http.ServerResponseHeaders;
import io.helidon.http.Status;
import io.helidon.webserver.http.DirectHandlers;

/**
 * Helidon's own answers to requests it refuses before any route runs (a malformed request, headers over the limit, a
 * body over 1 MiB) as the contract's: one line of JSON, {@code Server: loadlab}, and the connection closed.
 */
final class ContractErrors implements DirectHandler {
    private ContractErrors() {}

    /** The handlers for every event type Helidon answers directly. */
    static DirectHandlers handlers() {
        DirectHandlers.Builder b = DirectHandlers.builder();
        for (EventType type : EventType.values()) {
            b.addHandler(type, new ContractErrors());
        }
        return b.build();
    }

    @Override
    public TransportResponse handle(
            TransportRequest request, EventType type, Status status, ServerResponseHeaders headers, String message) {
        int code = type == EventType.PAYLOAD_TOO_LARGE ? 413 : status.code();
        String reason = switch (code) {
            case 400 -> ContractText.MALFORMED_REQUEST;
            case 413 -> ContractText.BODY_TOO_LARGE;
            case 431 -> ContractText.HEADERS_TOO_LARGE;
            case 404 -> ContractText.NOT_FOUND;
            case 500 -> "internal error";
            default -> "status " + code;
        };
        return TransportResponse.builder()
                .status(Status.create(code))
                .header(HeaderNames.SERVER, ContractText.SERVER)
                .header(HeaderNames.CONTENT_TYPE, ContractText.APPLICATION_JSON)
                .header(HeaderValues.CONNECTION_CLOSE)
                .keepAlive(false)
                .entity(ContractText.errorJson(reason))
                .build();
    }
}
