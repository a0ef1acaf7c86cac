package io.loadlab.backend;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The backend's request reader on the heads the servers' HTTP clients send, and on what no client should. */
class RequestParserTest {
    private final RequestParser p = new RequestParser(64, 128);

    private static ByteBuf bytes(String s) {
        return Unpooled.copiedBuffer(s, StandardCharsets.US_ASCII);
    }

    @Test
    void readsTheMethodTargetVersionAndConnectionOfEachPipelinedRequest() {
        ByteBuf in = bytes("GET /hello HTTP/1.1\r\nHost: 127.0.0.1:9\r\nUser-Agent: ReactorNetty/1.2\r\n\r\n"
                + "GET /hello?delay_ms=5 HTTP/1.1\r\nconnection: Upgrade, CLOSE\r\n\r\n"
                + "HEAD /health HTTP/1.0\nConnection:keep-alive\n\n");
        assertThat(p.head(in)).isEqualTo(RequestParser.DONE);
        assertThat(p.get).isTrue();
        assertThat(p.target).isEqualTo("/hello");
        assertThat(p.http11).isTrue();
        assertThat(p.close).isFalse();
        assertThat(p.inBody()).isFalse();
        assertThat(p.head(in)).isEqualTo(RequestParser.DONE);
        assertThat(p.target).isEqualTo("/hello?delay_ms=5");
        assertThat(p.close).isTrue();
        assertThat(p.head(in)).isEqualTo(RequestParser.DONE);
        assertThat(p.get).isFalse();
        assertThat(p.http11).isFalse();
        assertThat(p.keepAlive).isTrue();
        assertThat(p.close).isFalse();
        assertThat(in.isReadable()).isFalse();
    }

    @Test
    void aHeadNotAllHereIsLeftUnreadUntilItIs() {
        String head = "GET /hello HTTP/1.1\r\nHost: x\r\n\r\n";
        for (int cut = 0; cut < head.length(); cut++) {
            ByteBuf in = bytes(head.substring(0, cut));
            assertThat(p.head(in)).as("cut at %d", cut).isEqualTo(RequestParser.NEED_MORE);
            assertThat(in.readerIndex()).isZero();
        }
        assertThat(p.head(bytes(head))).isEqualTo(RequestParser.DONE);
    }

    @Test
    void aLongHeadIsReadAcrossItsCopiesAndItsBodyFollows() {
        StringBuilder head = new StringBuilder("GET /hello HTTP/1.1\r\n");
        for (int i = 0; i < 60; i++) {
            head.append("X-Header-")
                    .append(i)
                    .append(": ")
                    .append("v".repeat(40))
                    .append("\r\n");
        }
        head.append("Connection: close\r\nContent-Length: 3\r\n\r\nabcGET /next HTTP/1.1\r\n\r\n");
        RequestParser big = new RequestParser(8192, 8192);
        ByteBuf in = bytes(head.toString());
        assertThat(big.head(in)).isEqualTo(RequestParser.DONE);
        assertThat(big.close).isTrue();
        assertThat(big.skipBody(in)).isEqualTo(RequestParser.DONE);
        assertThat(big.head(in)).isEqualTo(RequestParser.DONE);
        assertThat(big.target).isEqualTo("/next");
        assertThat(big.close).isFalse();
    }

    @Test
    void bodiesAreSkippedByLengthOrChunkByChunkWhateverTheReads() {
        ByteBuf in = bytes("POST /hello HTTP/1.1\r\nContent-Length: 5\r\n\r\nhel");
        assertThat(p.head(in)).isEqualTo(RequestParser.DONE);
        assertThat(p.get).isFalse();
        assertThat(p.inBody()).isTrue();
        assertThat(p.skipBody(in)).isEqualTo(RequestParser.NEED_MORE);
        in = bytes("loGET /hello HTTP/1.1\r\n\r\n");
        assertThat(p.skipBody(in)).isEqualTo(RequestParser.DONE);
        assertThat(p.head(in)).isEqualTo(RequestParser.DONE);
        assertThat(p.target).isEqualTo("/hello");

        String chunked = "POST /x HTTP/1.1\r\nTransfer-Encoding: gzip, chunked\r\n\r\n"
                + "3;ext=1\r\nabc\r\n10\r\n0123456789abcdef\r\n0\r\nTrailer: t\r\n\r\nGET /next HTTP/1.1\r\n\r\n";
        ByteBuf all = bytes(chunked);
        assertThat(p.head(all)).isEqualTo(RequestParser.DONE);
        // the body one byte at a time: a chunk line cut short waits for the rest
        ByteBuf rest = Unpooled.buffer();
        int bodyEnd = chunked.indexOf("GET /next");
        for (int i = all.readerIndex(); i < bodyEnd; i++) {
            rest.writeByte(all.getByte(i));
            int r = p.skipBody(rest);
            assertThat(r).as("byte %d", i).isEqualTo(i == bodyEnd - 1 ? RequestParser.DONE : RequestParser.NEED_MORE);
            rest.discardReadBytes();
        }
        assertThat(rest.isReadable()).isFalse();
        all.readerIndex(bodyEnd);
        assertThat(p.head(all)).isEqualTo(RequestParser.DONE);
        assertThat(p.target).isEqualTo("/next");
    }

    @Test
    void whatIsNotHttpOneIsBadAndHeadersBeyondTheLimitAreTooLarge() {
        assertThat(new RequestParser(64, 128).head(bytes("THIS IS NOT HTTP\r\n\r\n")))
                .isEqualTo(RequestParser.BAD);
        assertThat(new RequestParser(64, 128).head(bytes("GET /hello HTTP/2.0\r\n\r\n")))
                .isEqualTo(RequestParser.BAD);
        assertThat(new RequestParser(64, 128).head(bytes("get /hello HTTP/1.1\r\n\r\n")))
                .isEqualTo(RequestParser.BAD);
        assertThat(new RequestParser(64, 128).head(bytes("GET /hello HTTP/1.1\r\n: nameless\r\n\r\n")))
                .isEqualTo(RequestParser.BAD);
        assertThat(new RequestParser(64, 128).head(bytes("GET /hello HTTP/1.1\r\nno colon\r\n\r\n")))
                .isEqualTo(RequestParser.BAD);
        assertThat(new RequestParser(64, 128)
                        .head(bytes("GET / HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n")))
                .isEqualTo(RequestParser.BAD);
        assertThat(new RequestParser(64, 128).head(bytes("GET / HTTP/1.1\r\nContent-Length: -1\r\n\r\n")))
                .isEqualTo(RequestParser.BAD);
        assertThat(new RequestParser(64, 128).head(bytes("GET / HTTP/1.1\r\nTransfer-Encoding: gzip\r\n\r\n")))
                .isEqualTo(RequestParser.BAD);
        // a request line longer than allowed, whole or still arriving
        assertThat(new RequestParser(64, 128).head(bytes("GET /" + "a".repeat(80) + " HTTP/1.1\r\n\r\n")))
                .isEqualTo(RequestParser.BAD);
        assertThat(new RequestParser(64, 128).head(bytes("GET /" + "a".repeat(80))))
                .isEqualTo(RequestParser.BAD);
        // headers over the limit, whole or still arriving
        assertThat(new RequestParser(64, 128).head(bytes("GET / HTTP/1.1\r\nX: " + "a".repeat(200) + "\r\n\r\n")))
                .isEqualTo(RequestParser.TOO_LARGE);
        assertThat(new RequestParser(64, 128).head(bytes("GET / HTTP/1.1\r\nX: " + "a".repeat(200))))
                .isEqualTo(RequestParser.TOO_LARGE);
        // a chunk that is not hex, or longer than its size
        RequestParser c = new RequestParser(64, 128);
        assertThat(c.head(bytes("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n")))
                .isEqualTo(RequestParser.DONE);
        assertThat(c.skipBody(bytes("zz\r\n"))).isEqualTo(RequestParser.BAD);
        RequestParser d = new RequestParser(64, 128);
        d.head(bytes("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n"));
        assertThat(d.skipBody(bytes("2\r\nabc\r\n"))).isEqualTo(RequestParser.BAD);
    }
}
