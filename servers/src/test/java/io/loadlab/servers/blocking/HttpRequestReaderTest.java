package io.loadlab.servers.blocking;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class HttpRequestReaderTest {
    private final ByteArrayOutputStream written = new ByteArrayOutputStream();

    /** Delivers the bytes a few at a time, as a socket may. */
    private static InputStream trickle(String s) {
        byte[] b = s.getBytes(StandardCharsets.ISO_8859_1);
        return new ByteArrayInputStream(b) {
            @Override
            public synchronized int read(byte[] dst, int off, int len) {
                return super.read(dst, off, Math.min(len, 3));
            }
        };
    }

    private HttpRequestReader reader(String raw) {
        return new HttpRequestReader(new HttpInput(trickle(raw), 64, 8192));
    }

    private HttpRequest read(String raw) throws Exception {
        HttpRequest req = new HttpRequest();
        assertThat(reader(raw).read(req, written)).isTrue();
        return req;
    }

    private int refusal(String raw) {
        try {
            read(raw);
        } catch (HttpParseException e) {
            return e.status();
        } catch (Exception e) {
            throw new AssertionError(e);
        }
        throw new AssertionError("accepted: " + raw);
    }

    @Test
    void parsesRequestLineQueryAndKeepAlive() throws Exception {
        HttpRequest r = read("GET /delay?ms=5&x=1 HTTP/1.1\r\nHost: a\r\n\r\n");
        assertThat(r.method).isSameAs("GET");
        assertThat(r.path).isEqualTo("/delay");
        assertThat(r.query).isEqualTo("ms=5&x=1");
        assertThat(r.keepAlive).isTrue();
        assertThat(r.http10).isFalse();
        assertThat(read("GET / HTTP/1.1\r\nHost: a\r\nConnection: Keep-Alive, Close\r\n\r\n").keepAlive)
                .isFalse();
        assertThat(read("GET / HTTP/1.0\r\n\r\n").keepAlive).isFalse();
        assertThat(read("GET / HTTP/1.0\r\nconnection: keep-alive\r\n\r\n").keepAlive)
                .isTrue();
        assertThat(read("\r\nGET /x HTTP/1.1\nHost: a\n\n").path).isEqualTo("/x"); // leading CRLF, bare LF
    }

    @Test
    void readsPipelinedRequestsAndBodiesInOrder() throws Exception {
        HttpRequestReader reader = reader("POST /zipcodes HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\n\r\nhello"
                + "POST /zipcodes HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n"
                + "3;ext=1\r\nabc\r\n2\r\nde\r\n0\r\nTrailer: x\r\n\r\n"
                + "GET /json HTTP/1.1\r\nHost: a\r\n\r\n");
        HttpRequest req = new HttpRequest();
        assertThat(reader.read(req, written)).isTrue();
        assertThat(new String(req.body, StandardCharsets.US_ASCII)).isEqualTo("hello");
        assertThat(reader.read(req, written)).isTrue();
        assertThat(new String(req.body, StandardCharsets.US_ASCII)).isEqualTo("abcde");
        assertThat(reader.read(req, written)).isTrue();
        assertThat(req.path).isEqualTo("/json");
        assertThat(req.body).isEmpty();
        assertThat(reader.read(req, written)).as("clean end of stream").isFalse();
    }

    @Test
    void answersExpectContinueBeforeTheBody() throws Exception {
        read("POST /zipcodes HTTP/1.1\r\nHost: a\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\n{}");
        assertThat(written.toString(StandardCharsets.US_ASCII)).isEqualTo("HTTP/1.1 100 Continue\r\n\r\n");
    }

    @Test
    void refusesMalformedRequests() {
        assertThat(refusal("GARBAGE\r\n\r\n")).isEqualTo(400);
        assertThat(refusal("GET  HTTP/1.1\r\nHost: a\r\n\r\n")).isEqualTo(400);
        assertThat(refusal("GET nopath HTTP/1.1\r\nHost: a\r\n\r\n")).isEqualTo(400);
        assertThat(refusal("GET / HTTP/2.0\r\nHost: a\r\n\r\n")).isEqualTo(400);
        assertThat(refusal("GET / http/1.1\r\nHost: a\r\n\r\n")).isEqualTo(400);
        assertThat(refusal("GET / HTTP/1.1\r\n\r\n")).as("no Host").isEqualTo(400);
        assertThat(refusal("GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n")).isEqualTo(400);
        assertThat(refusal("GET / HTTP/1.1\r\nHost: a\r\nBad Name: x\r\n\r\n")).isEqualTo(400);
        assertThat(refusal("GET / HTTP/1.1\r\nHost : a\r\n\r\n")).isEqualTo(400);
        assertThat(refusal("GET / HTTP/1.1\r\nHost: a\r\n folded\r\n\r\n")).isEqualTo(400);
        assertThat(refusal("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n"))
                .isEqualTo(400);
        assertThat(refusal("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: -1\r\n\r\n"))
                .isEqualTo(400);
        assertThat(refusal("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n"))
                .as("smuggling")
                .isEqualTo(400);
        assertThat(refusal("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: gzip\r\n\r\n"))
                .isEqualTo(400);
        assertThat(refusal("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n"))
                .isEqualTo(400);
    }

    @Test
    void refusesOversizedHeadsAndBodies() {
        String big = "a".repeat(8 * 1024);
        assertThat(refusal("GET / HTTP/1.1\r\nHost: a\r\nX: " + big + "\r\n\r\n"))
                .isEqualTo(431);
        assertThat(refusal("GET /" + big + " HTTP/1.1\r\nHost: a\r\n\r\n")).isEqualTo(431);
        StringBuilder many = new StringBuilder("GET / HTTP/1.1\r\nHost: a\r\n");
        for (int i = 0; i < 600; i++) {
            many.append("X-").append(i).append(": 0123456789\r\n");
        }
        assertThat(refusal(many + "\r\n")).as("many small headers").isEqualTo(431);
        assertThat(refusal("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 1048577\r\n\r\n"))
                .isEqualTo(413);
        String chunk = Integer.toHexString(1024 * 1024 + 1);
        assertThat(refusal("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n" + chunk + "\r\n"))
                .isEqualTo(413);
    }

    @Test
    void acceptsAHeadJustUnderTheLimit() throws Exception {
        String head = "GET / HTTP/1.1\r\nHost: a\r\nX: ";
        String pad = "a".repeat(8 * 1024 - head.length() - 4);
        assertThat(read(head + pad + "\r\n\r\n").path).isEqualTo("/");
    }

    @Test
    void aStreamEndingInsideARequestIsAnIoError() {
        assertThatThrownBy(() -> read("GET / HTTP/1.1\r\nHost: a\r\n")).isInstanceOf(IOException.class);
        assertThatThrownBy(() -> read("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 9\r\n\r\nabc"))
                .isInstanceOf(IOException.class);
    }
}
