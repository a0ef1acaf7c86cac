package io.loadlab.backend;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/** A minimal HTTP/1.x client over one socket, to see exactly what goes over the wire. */
final class RawHttp implements AutoCloseable {
    record Response(int status, Map<String, String> headers, String body) {
        String header(String name) {
            return headers.get(name.toLowerCase(Locale.ROOT));
        }
    }

    private final Socket socket;
    private final InputStream in;

    RawHttp(int port) throws IOException {
        socket = new Socket("127.0.0.1", port);
        socket.setSoTimeout(5000);
        in = socket.getInputStream();
    }

    RawHttp send(String request) throws IOException {
        socket.getOutputStream().write(request.getBytes(StandardCharsets.ISO_8859_1));
        socket.getOutputStream().flush();
        return this;
    }

    Response get(String path) throws IOException {
        return send("GET " + path + " HTTP/1.1\r\nHost: x\r\n\r\n").read();
    }

    Response read() throws IOException {
        String statusLine = line();
        Map<String, String> headers = new LinkedHashMap<>();
        for (String l; !(l = line()).isEmpty(); ) {
            int c = l.indexOf(':');
            headers.put(
                    l.substring(0, c).trim().toLowerCase(Locale.ROOT),
                    l.substring(c + 1).trim());
        }
        int length = Integer.parseInt(headers.getOrDefault("content-length", "0"));
        byte[] body = in.readNBytes(length);
        return new Response(
                Integer.parseInt(statusLine.split(" ")[1]), headers, new String(body, StandardCharsets.UTF_8));
    }

    /** True when the server closed the connection (end of stream). */
    boolean closedByServer() throws IOException {
        return in.read() < 0;
    }

    private String line() throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        for (int c; (c = in.read()) != '\n'; ) {
            if (c < 0) {
                throw new IOException("connection closed mid-response");
            }
            if (c != '\r') {
                b.write(c);
            }
        }
        return b.toString(StandardCharsets.ISO_8859_1);
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
