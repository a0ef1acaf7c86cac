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

    /** A head that arrives whole is read in one piece; byte by byte it is read line by line: both decide alike. */
    @Test
    void aHeadReadWholeOrByteByByteGivesTheSameAnswer() {
        String longName = "X-" + "n".repeat(200);
        String[] responses = {
            "HTTP/1.1 200 OK\r\nServer: nginx\r\nContent-Length: 3\r\nConnection: keep-alive\r\n\r\nok\n",
            "HTTP/1.0 200 OK\nConnection: Keep-Alive\nContent-Length: 0\n\n",
            "HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 2\r\n\r\nno",
            "HTTP/1.1 200 OK\r\n" + longName + ": v\r\nContent-Length: 0\r\n\r\n",
            "HTTP/1.1 200 OK\r\n" + "x".repeat(300) + "\r\nContent-Length: 0\r\n\r\n",
            "HTTP/1.1 200 OK\r\nContent-Length: " + "1".repeat(130) + "\r\n\r\n",
            "HTTP/1.1 200 OK\r\nContent-Length: 4\r\ncontent-length: 5\r\n\r\nbody",
            "HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip, chunked\r\n\r\n2\r\nok\r\n0\r\n\r\n",
            "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 1\r\n\r\nx",
            "HTTP/1.1 2x0 OK\r\n\r\n",
            "\r\n\r\n",
            "HTTP/1.1 200 OK\r\nX: " + "a".repeat(900) + "\r\n\r\n",
        };
        for (String r : responses) {
            ResponseParser whole = new ResponseParser(1024);
            ResponseParser bytes = new ResponseParser(1024);
            int a = feed(whole, r);
            int b = feed(bytes, r.split("(?<=.)", -1));
            assertThat(a).as(r).isEqualTo(b);
            assertThat(whole.status()).as(r).isEqualTo(bytes.status());
            assertThat(whole.error()).as(r).isEqualTo(bytes.error());
            assertThat(whole.keepAlive()).as(r).isEqualTo(bytes.keepAlive());
        }
    }

    @Test
    void theFirstLineFeedIsFoundAtAnyOffsetAmongBytesThatResembleIt() {
        byte[] near = {0x0B, 0x09, (byte) 0x8A, 0x0A + 0x10, (byte) 0xFF, 0x00, 0x01, 0x0D};
        for (int len = 0; len < 40; len++) {
            for (int lf = -1; lf < len; lf++) {
                byte[] a = new byte[len + 3];
                for (int i = 0; i < a.length; i++) {
                    a[i] = near[i % near.length];
                }
                if (lf >= 0) {
                    a[lf] = '\n';
                    if (lf + 1 < len) {
                        a[lf + 1] = '\n'; // a second one after it is not the first
                    }
                }
                a[len] = '\n'; // past the end: not to be seen
                for (int from = 0; from <= len; from++) {
                    int want = lf >= from ? lf : (lf >= 0 && lf + 1 >= from && lf + 1 < len ? lf + 1 : -1);
                    assertThat(ResponseParser.nextLf(a, from, len))
                            .as("len %d lf %d from %d", len, lf, from)
                            .isEqualTo(want);
                }
            }
        }
    }

    private static ErrorCategory category(String response) {
        ResponseParser p = new ResponseParser(65536);
        assertThat(feed(p, response)).isEqualTo(ResponseParser.INVALID);
        return p.error();
    }
}
