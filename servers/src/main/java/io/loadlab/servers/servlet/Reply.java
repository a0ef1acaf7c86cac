package io.loadlab.servers.servlet;

import io.loadlab.servers.http.Contract;

/**
 * One finished answer of the contract, computed by blocking or non-blocking work and written by the servlet.
 *
 * @param allow value of the {@code Allow} header, or null
 * @param close true when the connection must close after the answer
 */
record Reply(int status, String contentType, byte[] body, String allow, boolean close) {
    static final Reply PLAINTEXT = ok(Contract.TEXT_PLAIN, Contract.PLAINTEXT_BODY);
    static final Reply DELAYED = ok(Contract.TEXT_PLAIN, Contract.DELAY_BODY);
    static final Reply HEALTH_UP = ok(Contract.APPLICATION_JSON, Contract.HEALTH_UP_BODY);

    static Reply ok(String contentType, byte[] body) {
        return new Reply(200, contentType, body, null, false);
    }

    static Reply json(int status, byte[] body) {
        return new Reply(status, Contract.APPLICATION_JSON, body, null, false);
    }

    static Reply error(int status, String reason) {
        return json(status, Contract.errorBody(reason));
    }

    static Reply errorAndClose(int status, String reason) {
        return new Reply(status, Contract.APPLICATION_JSON, Contract.errorBody(reason), null, true);
    }

    static Reply healthDown(String reason) {
        return json(503, Contract.healthDownBody(reason));
    }
}
