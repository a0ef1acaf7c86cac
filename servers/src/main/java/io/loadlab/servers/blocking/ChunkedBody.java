package io.loadlab.servers.blocking;

import io.loadlab.servers.http.Contract;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;

/** Decodes a chunked message body (RFC 9112 7.1), refusing bodies over a limit with 413. Blocks on the socket. */
final class ChunkedBody {
    private static final int MAX_LINE = 1024;

    private ChunkedBody() {}

    static byte[] read(HttpInput in, int maxBody) throws IOException, HttpParseException {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        byte[] chunk = new byte[0];
        while (true) {
            long size = chunkSize(in);
            if (size == 0) {
                break;
            }
            if (body.size() + size > maxBody) {
                throw new HttpParseException(413, Contract.BODY_TOO_LARGE);
            }
            if (chunk.length < size) {
                chunk = new byte[(int) size];
            }
            in.readFully(chunk, 0, (int) size);
            body.write(chunk, 0, (int) size);
            if (in.readLine(2) != 0) {
                throw new HttpParseException(400, Contract.MALFORMED_REQUEST);
            }
        }
        int trailers = 0;
        while (true) { // trailer section: read and ignored
            int n = in.readLine(MAX_LINE);
            if (n == HttpInput.EOF) {
                throw new EOFException("connection closed inside a chunked body");
            }
            if (n == 0) {
                return body.toByteArray();
            }
            if (n < 0 || ++trailers > 64) {
                throw new HttpParseException(400, Contract.MALFORMED_REQUEST);
            }
        }
    }

    /** Hexadecimal chunk size, chunk extensions ignored. */
    private static long chunkSize(HttpInput in) throws IOException, HttpParseException {
        int n = in.readLine(MAX_LINE);
        if (n == HttpInput.EOF) {
            throw new EOFException("connection closed inside a chunked body");
        }
        byte[] l = in.line();
        long size = 0;
        int i = 0;
        for (; i < n && l[i] != ';' && l[i] != ' ' && l[i] != '\t'; i++) {
            int d = Character.digit(l[i], 16);
            if (d < 0 || i >= 8) {
                throw new HttpParseException(400, Contract.MALFORMED_REQUEST);
            }
            size = size * 16 + d;
        }
        if (n < 0 || i == 0) {
            throw new HttpParseException(400, Contract.MALFORMED_REQUEST);
        }
        return size;
    }
}
