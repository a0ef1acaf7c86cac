package io.loadlab.loadgen;

/**
 * The stream table of one HTTP/2 connection, by the index {@code k} of the {@link Conn} stream that carries each
 * request: its stream id (0 once forgotten: completed, reset or given up), its response's status once the headers
 * came, and the DATA bytes received since its receive window was last topped up. Stream ids are odd and rise by two
 * from 1, never reused.
 *
 * <p>Confined to its connection's event loop; allocates nothing after construction.
 */
final class Http2Streams {
    private final boolean[] busy;
    private final int[] ids;
    private final int[] statuses;
    private final boolean[] inBody;
    private final long[] received;
    private int nextId = 1;

    /** {@code busy} is the connection's own: a stream id is found only on a stream that carries a request. */
    Http2Streams(boolean[] busy) {
        int n = busy.length;
        this.busy = busy;
        this.ids = new int[n];
        this.statuses = new int[n];
        this.inBody = new boolean[n];
        this.received = new long[n];
    }

    /** Stream {@code k} starts a request: it gets the next stream id, which is returned. */
    int open(int k) {
        int id = nextId;
        nextId += 2;
        ids[k] = id;
        statuses[k] = 0;
        inBody[k] = false;
        received[k] = 0;
        return id;
    }

    /** Whether {@code count} more streams would still have ids. */
    boolean idsLeft(int count) {
        return nextId <= Http2Frames.LAST_STREAM_ID - 2 * count;
    }

    /** Stream {@code k}'s id, or 0 when it was forgotten. */
    int id(int k) {
        return ids[k];
    }

    /** Stream {@code k} is done with: frames of its id that still come are ignored. */
    void forget(int k) {
        ids[k] = 0;
    }

    /** The index of the busy stream with id {@code stream}, or -1. */
    int find(int stream) {
        if (stream == 0) {
            return -1;
        }
        for (int k = 0; k < ids.length; k++) {
            if (ids[k] == stream && busy[k]) {
                return k;
            }
        }
        return -1;
    }

    /** Whether stream {@code k}'s final response headers came (its body, if any, is arriving). */
    boolean inBody(int k) {
        return inBody[k];
    }

    int status(int k) {
        return statuses[k];
    }

    /** Stream {@code k}'s final response headers came, with {@code status}. */
    void headersReceived(int k, int status) {
        statuses[k] = status;
        inBody[k] = true;
    }

    /**
     * Counts {@code length} DATA bytes received on stream {@code k}: returns the increment of its receive window to
     * send once half of it is used (and the stream goes on), else 0.
     */
    int received(int k, int length, boolean endStream) {
        received[k] += length;
        if (received[k] >= Http2Frames.WINDOW / 2 && !endStream) {
            int increment = (int) received[k];
            received[k] = 0;
            return increment;
        }
        return 0;
    }
}
