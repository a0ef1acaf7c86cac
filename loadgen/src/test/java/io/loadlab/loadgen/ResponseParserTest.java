package io.loadlab.loadgen;

import static org.assertj.core.api.Assertions.assertThat;

import io.loadlab.core.result.ErrorCategory;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class ResponseParserTest {
    private static int feed(ResponseParser p, String... parts) {
        int r = ResponseParser.NEED_MORE;
        for (String part : parts) {
            ByteBuf b = Unpooled.copiedBuffer(part, StandardCharsets.ISO_8859_1);
            r = p.feed(b);
            if (r != ResponseParser.NEED_MORE) {
                if (r == ResponseParser.DONE) {
                    assertThat(b.isReadable()).isFalse();
                }
                return r;
            }
        }
        return r;
    }

    @Test
    void contentLengthBodyEvenWhenSplitAnywhere() {
        String resp = "HTTP/1.1 200 OK\r\nContent-Length: 13\r\nServer: x\r\n\r\nHello, World!";
        for (int cut = 1; cut < resp.length(); cut++) {
            ResponseParser p = new ResponseParser(65536);
            assertThat(feed(p, resp.substring(0, cut), resp.substring(cut)))
                    .as("cut at " + cut)
                    .isEqualTo(ResponseParser.DONE);
            assertThat(p.status()).isEqualTo(200);
            assertThat(p.keepAlive()).isTrue();
        }
    }

    @Test
    void chunkedBodyWithExtensionsAndTrailers() {
        ResponseParser p = new ResponseParser(65536);
        assertThat(feed(
                        p,
                        "HTTP/1.1 201 Created\r\ntransfer-encoding: chunked\r\n\r\n5;x=y\r\nHello\r\n",
                        "8\r\n, World!\r\n0\r\nX-Trailer: 1\r\n\r\n"))
                .isEqualTo(ResponseParser.DONE);
        assertThat(p.status()).isEqualTo(201);
    }

    @Test
    void connectionCloseAndHttp10AreNotKeptAlive() {
        ResponseParser p = new ResponseParser(65536);
        feed(p, "HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
        assertThat(p.keepAlive()).isFalse();
        p.reset(false);
        feed(p, "HTTP/1.0 200 OK\r\nContent-Length: 0\r\n\r\n");
        assertThat(p.keepAlive()).isFalse();
        p.reset(false);
        feed(p, "HTTP/1.0 200 OK\r\nConnection: keep-alive\r\nContent-Length: 0\r\n\r\n");
        assertThat(p.keepAlive()).isTrue();
    }

    @Test
    void closeDelimitedBodyEndsAtClose() {
        ResponseParser p = new ResponseParser(65536);
        assertThat(feed(p, "HTTP/1.1 200 OK\r\n\r\nsome body")).isEqualTo(ResponseParser.NEED_MORE);
        assertThat(p.onClose()).isEqualTo(ResponseParser.DONE);
        assertThat(p.keepAlive()).isFalse();
    }

    @Test
    void headAnd204And304HaveNoBody() {
        ResponseParser p = new ResponseParser(65536);
        p.reset(true);
        assertThat(feed(p, "HTTP/1.1 200 OK\r\nContent-Length: 13\r\n\r\n")).isEqualTo(ResponseParser.DONE);
        p.reset(false);
        assertThat(feed(p, "HTTP/1.1 204 No Content\r\n\r\n")).isEqualTo(ResponseParser.DONE);
        p.reset(false);
        assertThat(feed(p, "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 304 Not Modified\r\n\r\n"))
                .isEqualTo(ResponseParser.DONE);
        assertThat(p.status()).isEqualTo(304);
    }

    @Test
    void garbageBadLengthsAndOversizedHeadersAreInvalid() {
        assertThat(feed(new ResponseParser(65536), "SSH-2.0-OpenSSH_9.2\r\n")).isEqualTo(ResponseParser.INVALID);
        assertThat(feed(new ResponseParser(65536), "HTTP/1.1 200 OK\r\nContent-Length: 1x\r\n\r\n"))
                .isEqualTo(ResponseParser.INVALID);
        assertThat(feed(new ResponseParser(65536), "HTTP/1.1 200 OK\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n"))
                .isEqualTo(ResponseParser.INVALID);
        assertThat(feed(new ResponseParser(65536), "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n"))
                .isEqualTo(ResponseParser.INVALID);
        assertThat(feed(new ResponseParser(1024), "HTTP/1.1 200 OK\r\nX: " + "a".repeat(2000)))
                .isEqualTo(ResponseParser.INVALID);
    }

    @Test
    void aCutBodyIsReportedAsInsideTheBody() {
        ResponseParser p = new ResponseParser(65536);
        feed(p, "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n10\r\n0123");
        assertThat(p.onClose()).isEqualTo(ResponseParser.NEED_MORE);
        assertThat(p.inBody()).isTrue();
        ResponseParser q = new ResponseParser(65536);
        feed(q, "HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\n0123");
        assertThat(q.inBody()).isTrue();
        ResponseParser headers = new ResponseParser(65536);
        feed(headers, "HTTP/1.1 200 OK\r\nContent-Le");
        assertThat(headers.inBody()).as("still in the headers").isFalse();
    }

    @Test
    void eachUnusableResponseNamesItsCategory() {
        assertThat(category("SSH-2.0-OpenSSH\r\n")).isEqualTo(ErrorCategory.INVALID_STATUS_LINE);
        assertThat(category("HTTP/1.1 099 Odd\r\n")).isEqualTo(ErrorCategory.INVALID_STATUS_LINE);
        assertThat(category("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n"))
                .isEqualTo(ErrorCategory.BAD_CHUNK);
        assertThat(category("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nabc\r\n"))
                .isEqualTo(ErrorCategory.BAD_CHUNK);
        assertThat(category("HTTP/1.1 200 OK\r\nContent-Length: x\r\n\r\n")).isEqualTo(ErrorCategory.INVALID);
        assertThat(category("HTTP/1.1 200 OK\r\nno colon here\r\n\r\n")).isEqualTo(ErrorCategory.INVALID);
        ResponseParser small = new ResponseParser(1024);
        assertThat(feed(small, "HTTP/1.1 200 OK\r\nX: " + "a".repeat(2000))).isEqualTo(ResponseParser.INVALID);
        assertThat(small.error()).isEqualTo(ErrorCategory.OVERSIZED_HEADER);
    }

    private static ErrorCategory category(String response) {
        ResponseParser p = new ResponseParser(65536);
        assertThat(feed(p, response)).isEqualTo(ResponseParser.INVALID);
        return p.error();
    }
}
