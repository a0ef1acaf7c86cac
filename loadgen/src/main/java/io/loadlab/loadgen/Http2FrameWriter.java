package io.loadlab.loadgen;

import static io.loadlab.loadgen.Http2Frames.ACK;
import static io.loadlab.loadgen.Http2Frames.DEFAULT_WINDOW;
import static io.loadlab.loadgen.Http2Frames.PING;
import static io.loadlab.loadgen.Http2Frames.RST_STREAM;
import static io.loadlab.loadgen.Http2Frames.SETTINGS;
import static io.loadlab.loadgen.Http2Frames.SETTINGS_ENABLE_PUSH;
import static io.loadlab.loadgen.Http2Frames.SETTINGS_INITIAL_WINDOW_SIZE;
import static io.loadlab.loadgen.Http2Frames.WINDOW;
import static io.loadlab.loadgen.Http2Frames.WINDOW_UPDATE;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import java.nio.charset.StandardCharsets;

/**
 * The frames an HTTP/2 connection sends besides its requests ({@link Http2Requests} encodes those into
 * {@link #buffer()}): the preface and our SETTINGS, SETTINGS and PING acknowledgements, RST_STREAM and WINDOW_UPDATE.
 * Frames gather in one buffer until {@link #flush}, so that those written while a read is handled leave together.
 *
 * <p>Confined to its connection's event loop.
 */
final class Http2FrameWriter {
    static final byte[] PREFACE = "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".getBytes(StandardCharsets.US_ASCII);

    private Channel channel;
    private ByteBuf out;

    /** The channel the frames go to; set once it is known (the handler was added). */
    void attach(Channel channel) {
        this.channel = channel;
    }

    /** The client preface, our SETTINGS (no server push, the large stream window) and the connection's window. */
    void preface() {
        ByteBuf b = buffer();
        b.writeBytes(PREFACE);
        b.writeMedium(12).writeByte(SETTINGS).writeByte(0).writeInt(0);
        b.writeShort(SETTINGS_ENABLE_PUSH).writeInt(0);
        b.writeShort(SETTINGS_INITIAL_WINDOW_SIZE).writeInt(WINDOW);
        windowUpdate(0, WINDOW - DEFAULT_WINDOW);
    }

    void settingsAck() {
        buffer().writeMedium(0).writeByte(SETTINGS).writeByte(ACK).writeInt(0);
    }

    /** Answers a PING with its 8 bytes of opaque data. */
    void pingAck(long opaque) {
        buffer().writeMedium(8).writeByte(PING).writeByte(ACK).writeInt(0).writeLong(opaque);
    }

    /** Resets {@code stream} with error {@code code}; nothing for stream 0 (a stream already forgotten). */
    void rstStream(int stream, int code) {
        if (stream > 0) {
            buffer().writeMedium(4)
                    .writeByte(RST_STREAM)
                    .writeByte(0)
                    .writeInt(stream)
                    .writeInt(code);
        }
    }

    void windowUpdate(int stream, int increment) {
        buffer().writeMedium(4)
                .writeByte(WINDOW_UPDATE)
                .writeByte(0)
                .writeInt(stream)
                .writeInt(increment);
    }

    /** The buffer the next frames go into; allocated when the last one was flushed. */
    ByteBuf buffer() {
        if (out == null) {
            out = channel.alloc().directBuffer(512);
        }
        return out;
    }

    /** Sends what was written since the last flush, if anything. */
    void flush() {
        ByteBuf b = out;
        if (b == null) {
            return;
        }
        out = null;
        channel.writeAndFlush(b, channel.voidPromise());
    }

    /** Drops what was not sent. */
    void release() {
        if (out != null) {
            out.release();
            out = null;
        }
    }
}
