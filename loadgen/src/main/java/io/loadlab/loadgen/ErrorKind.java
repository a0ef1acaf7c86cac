package io.loadlab.loadgen;

/** Why a request failed; the order is the index into per-request error counters. */
enum ErrorKind {
    /** Connect refused, connect timeout, TLS handshake failure. */
    CONNECT,
    /** Reset or early close while a response was due or arriving. */
    READ,
    /** The request could not be written. */
    WRITE,
    /** No complete response within the timeout (a body that never ends, a silent server, no free connection). */
    TIMEOUT,
    /** A complete response with a status that was not expected. */
    STATUS,
    /** Bytes that are not an HTTP/1.1 response: garbage, oversized headers, a chunked body cut short. */
    INVALID;

    static final ErrorKind[] ALL = values();
}
