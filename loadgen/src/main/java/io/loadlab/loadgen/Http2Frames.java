package io.loadlab.loadgen;

/**
 * The HTTP/2 wire vocabulary the load generator speaks (RFC 9113 section 6): frame types, flags, error codes and
 * settings, shared by the frame reader, the frame writer and the request encoder.
 */
final class Http2Frames {
    static final int FRAME_HEADER = 9;
    /** The smallest SETTINGS_MAX_FRAME_SIZE a peer may have: what we send and the most we accept. */
    static final int MAX_FRAME = 16_384;
    /** The receive window of every stream and of the connection: h2load's default (-w 30, -W 30). */
    static final int WINDOW = (1 << 30) - 1;
    /** The window every stream and the connection start with. */
    static final int DEFAULT_WINDOW = 65_535;

    static final byte DATA = 0;
    static final byte HEADERS = 1;
    static final byte RST_STREAM = 3;
    static final byte SETTINGS = 4;
    static final byte PUSH_PROMISE = 5;
    static final byte PING = 6;
    static final byte GOAWAY = 7;
    static final byte WINDOW_UPDATE = 8;
    static final byte CONTINUATION = 9;

    static final byte END_STREAM = 0x1;
    static final byte ACK = 0x1;
    static final byte END_HEADERS = 0x4;
    static final byte PADDED = 0x8;
    static final byte PRIORITY = 0x20;

    static final int PROTOCOL_ERROR = 0x1;
    static final int REFUSED_STREAM = 0x7;
    static final int CANCEL = 0x8;

    static final int SETTINGS_HEADER_TABLE_SIZE = 0x1;
    static final int SETTINGS_ENABLE_PUSH = 0x2;
    static final int SETTINGS_MAX_CONCURRENT_STREAMS = 0x3;
    static final int SETTINGS_INITIAL_WINDOW_SIZE = 0x4;

    /** The highest stream id. */
    static final int LAST_STREAM_ID = Integer.MAX_VALUE;

    private Http2Frames() {}
}
