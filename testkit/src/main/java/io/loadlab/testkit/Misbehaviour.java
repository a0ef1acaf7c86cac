package io.loadlab.testkit;

import java.io.IOException;

/**
 * The ways a server can answer badly, each with the error category (its JSON name) a load generator must count it
 * under. Serve one with {@code new HostileServer(m.behaviour())}.
 */
public enum Misbehaviour {
    GARBAGE("invalid_status_line", (s, out) -> HostileServer.write(out, "SSH-2.0-OpenSSH_9.2\r\n\r\n")),
    HUGE_HEADER(
            "oversized_header",
            (s, out) -> HostileServer.write(
                    out, "HTTP/1.1 200 OK\r\nX-Big: " + "a".repeat(200 * 1024) + "\r\nContent-Length: 0\r\n\r\n")),
    BAD_CHUNK_SIZE(
            "bad_chunk",
            (s, out) -> HostileServer.write(
                    out, "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nHello\r\n0\r\n\r\n")),
    CUT_CHUNKED_BODY("truncated_body", (s, out) -> {
        HostileServer.write(out, "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n10\r\n01234567");
        s.close();
    }),
    WRONG_CONTENT_LENGTH_THEN_CLOSE("truncated_body", (s, out) -> {
        HostileServer.write(out, "HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\nhalf");
        s.close();
    }),
    RESET("reset", (s, out) -> {
        s.setSoLinger(true, 0);
        s.close();
    }),
    ENDLESS_BODY("timeout", (s, out) -> {
        HostileServer.write(out, "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n");
        for (int i = 0; i < 10_000 && !s.isClosed(); i++) {
            HostileServer.write(out, "5\r\nHello\r\n");
            Thread.sleep(20);
        }
    }),
    SILENCE("timeout", (s, out) -> Thread.sleep(60_000));

    private final String category;
    private final HostileServer.Behaviour behaviour;

    Misbehaviour(String category, HostileServer.Behaviour behaviour) {
        this.category = category;
        this.behaviour = behaviour;
    }

    /** The error category's JSON name, e.g. {@code bad_chunk}. */
    public String category() {
        return category;
    }

    public HostileServer.Behaviour behaviour() {
        return behaviour;
    }

    /** A server that answers every request this way. */
    public HostileServer serve() throws IOException {
        return new HostileServer(behaviour);
    }
}
