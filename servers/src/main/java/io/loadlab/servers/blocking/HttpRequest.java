package io.loadlab.servers.blocking;

/**
 * One parsed request, reused for every request of a connection. The handler reads it; nothing keeps a reference
 * past the answer. Not thread-safe.
 */
final class HttpRequest {
    static final byte[] NO_BODY = new byte[0];

    String method;
    String path;
    /** The raw query string without {@code ?}, or null. */
    String query;
    /** HTTP/1.0 rather than HTTP/1.1. */
    boolean http10;
    /** The client allows the connection to stay open after the answer. */
    boolean keepAlive;

    byte[] body = NO_BODY;

    void reset() {
        method = null;
        path = null;
        query = null;
        http10 = false;
        keepAlive = true;
        body = NO_BODY;
    }
}
