package io.loadlab.servers.blocking;

/**
 * A request the codec refuses: answered with {@code status} and the JSON error {@code reason}, then the connection
 * is closed because the stream can no longer be trusted.
 */
final class HttpParseException extends Exception {
    private final int status;

    HttpParseException(int status, String reason) {
        super(reason, null, false, false);
        this.status = status;
    }

    int status() {
        return status;
    }
}
