package io.loadlab.servers.runtime;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;

/** Sends raw bytes on a fresh connection and reads until the server closes it (or 5 s pass). */
public final class RawHttp {
    /** What came back, and whether the server closed the connection (rather than the read timing out). */
    public record Answer(String text, boolean closed) {
        public String statusLine() {
            int eol = text.indexOf("\r\n");
            return eol < 0 ? text : text.substring(0, eol);
        }

        public String body() {
            int i = text.indexOf("\r\n\r\n");
            return i < 0 ? "" : text.substring(i + 4);
        }
    }

    private RawHttp() {}

    public static Answer exchange(int port, byte[] request) throws IOException {
        try (Socket s = new Socket("127.0.0.1", port)) {
            s.setSoTimeout(5_000);
            try {
                s.getOutputStream().write(request);
                s.getOutputStream().flush();
            } catch (IOException e) {
                // the server may answer and close before all was sent: read what it said
            }
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            InputStream in = s.getInputStream();
            byte[] buf = new byte[8192];
            try {
                int n;
                while ((n = in.read(buf)) >= 0) {
                    out.write(buf, 0, n);
                }
                return new Answer(out.toString(StandardCharsets.ISO_8859_1), true);
            } catch (SocketTimeoutException e) {
                return new Answer(out.toString(StandardCharsets.ISO_8859_1), false);
            } catch (IOException e) {
                // reset after the answer: the answer still counts, and the connection is gone
                return new Answer(out.toString(StandardCharsets.ISO_8859_1), true);
            }
        }
    }

    public static Answer exchange(int port, String request) throws IOException {
        return exchange(port, request.getBytes(StandardCharsets.ISO_8859_1));
    }
}
