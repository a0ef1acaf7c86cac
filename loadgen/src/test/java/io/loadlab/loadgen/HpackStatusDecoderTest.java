package io.loadlab.loadgen;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.netty.handler.codec.http2.DefaultHttp2HeadersEncoder;
import io.netty.handler.codec.http2.Http2Headers;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class HpackStatusDecoderTest {
    private static int decode(HpackStatusDecoder d, ByteBuf b) {
        return d.decode(b, b.readerIndex(), b.writerIndex());
    }

    @Test
    void huffmanDecodesTheRfcExample() {
        // RFC 7541 C.4.1: "www.example.com"
        ByteBuf b = Unpooled.wrappedBuffer(ByteBufUtil.decodeHexDump("f1e3c2e5f23a6ba0ab90f4ff"));
        byte[] out = new byte[20];
        assertThat(HpackHuffman.decode(b, 0, b.readableBytes(), out)).isEqualTo(15);
        assertThat(new String(out, 0, 15, StandardCharsets.US_ASCII)).isEqualTo("www.example.com");
        // EOS inside a string is an error (RFC 7541 5.2); so is padding that is not all ones
        ByteBuf eos = Unpooled.wrappedBuffer(new byte[] {(byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff});
        assertThat(HpackHuffman.decode(eos, 0, 4, new byte[0])).isEqualTo(HpackHuffman.MALFORMED);
        ByteBuf badPad = Unpooled.wrappedBuffer(new byte[] {0x00}); // '0' (5 bits 00000) then 000 padding
        assertThat(HpackHuffman.decode(badPad, 0, 1, new byte[0])).isEqualTo(HpackHuffman.MALFORMED);
    }

    @Test
    void statusesMatchNettysEncoderThroughTheDynamicTableAndItsEvictions() throws Exception {
        DefaultHttp2HeadersEncoder encoder = new DefaultHttp2HeadersEncoder(); // dynamic table, Huffman
        HpackStatusDecoder decoder = new HpackStatusDecoder(4096);
        String[] statuses = {"200", "201", "404", "503", "302", "204", "429", "201", "500", "418"};
        SplittableRandom rng = new SplittableRandom(7);
        for (int i = 0; i < 2_000; i++) {
            String status = statuses[rng.nextInt(statuses.length)];
            Http2Headers h = new DefaultHttp2Headers()
                    .status(status)
                    .add("server", "loadlab")
                    .add("date", "Mon, 23 Nov 2026 20:" + (i / 60 % 60) + ":" + (i % 60) + " GMT")
                    .add("content-type", rng.nextBoolean() ? "text/plain" : "application/json")
                    // long, varied values: the table keeps evicting
                    .add("x-filler-" + rng.nextInt(40), "v".repeat(rng.nextInt(1, 600)));
            ByteBuf block = Unpooled.buffer();
            encoder.encodeHeaders(1 + 2 * i, h, block);
            assertThat(decode(decoder, block)).as("block %d", i).isEqualTo(Integer.parseInt(status));
            assertThat(decoder.tableSize()).isBetween(0, 4096);
            block.release();
        }
    }

    @Test
    void literalForms() {
        HpackStatusDecoder d = new HpackStatusDecoder(4096);
        // never indexed, name :status (static 8), raw value "299"
        assertThat(decode(d, Unpooled.wrappedBuffer(new byte[] {0x18, 3, '2', '9', '9'})))
                .isEqualTo(299);
        // incremental indexing with a new literal name ":status", then referenced as dynamic entry 62
        ByteBuf add = Unpooled.buffer();
        add.writeByte(0x40).writeByte(7).writeBytes(":status".getBytes(StandardCharsets.US_ASCII));
        add.writeByte(3).writeBytes("207".getBytes(StandardCharsets.US_ASCII));
        assertThat(decode(d, add)).isEqualTo(207);
        assertThat(d.tableSize()).isEqualTo(7 + 3 + 32);
        assertThat(decode(d, Unpooled.wrappedBuffer(new byte[] {(byte) 0xbe}))).isEqualTo(207);
        // a table size update to 0 empties it: entry 62 is gone
        assertThat(decode(d, Unpooled.wrappedBuffer(new byte[] {0x20, (byte) 0x88})))
                .isEqualTo(200);
        assertThat(d.tableSize()).isZero();
        assertThat(decode(d, Unpooled.wrappedBuffer(new byte[] {(byte) 0xbe}))).isEqualTo(HpackStatusDecoder.MALFORMED);
    }

    @Test
    void malformedBlocksAndBlocksWithoutStatus() {
        HpackStatusDecoder d = new HpackStatusDecoder(4096);
        assertThat(decode(d, Unpooled.wrappedBuffer(new byte[] {(byte) 0x80}))).isEqualTo(HpackStatusDecoder.MALFORMED);
        // a size update over the announced 4096
        assertThat(decode(d, Unpooled.wrappedBuffer(new byte[] {0x3f, (byte) 0xe2, 0x1f})))
                .isEqualTo(HpackStatusDecoder.MALFORMED);
        // a string longer than the block
        assertThat(decode(new HpackStatusDecoder(4096), Unpooled.wrappedBuffer(new byte[] {0x08, 9, '2'})))
                .isEqualTo(HpackStatusDecoder.MALFORMED);
        // content-type: text/plain only
        ByteBuf noStatus = Unpooled.buffer();
        noStatus.writeByte(0x0f)
                .writeByte(0x10)
                .writeByte(10)
                .writeBytes("text/plain".getBytes(StandardCharsets.US_ASCII));
        assertThat(decode(new HpackStatusDecoder(4096), noStatus)).isEqualTo(HpackStatusDecoder.NO_STATUS);
    }
}
