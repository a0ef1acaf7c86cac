package io.loadlab.loadgen;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/**
 * A server that answers each request on its own virtual thread per connection: a path starting with {@code /slow}
 * after {@code slowMillis}, any other at once. Used to check that a mix of cheap and costly requests keeps its plan.
 */
final class PathDelayServer implements AutoCloseable {
    private static final byte[] OK =
            "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nOK".getBytes(StandardCharsets.US_ASCII);

    private final ServerSocket server;
    private final long slowMillis;

    PathDelayServer(long slowMillis) throws IOException {
        this.slowMillis = slowMillis;
        server = new ServerSocket(0, 1000, InetAddress.getLoopbackAddress());
        Thread.ofVirtual().start(() -> {
            while (!server.isClosed()) {
                try {
                    Socket s = server.accept();
                    Thread.ofVirtual().start(() -> serve(s));
                } catch (IOException e) {
                    return;
                }
            }
        });
    }

    private void serve(Socket s) {
        try (s) {
            InputStream in = s.getInputStream();
            OutputStream out = s.getOutputStream();
            String head;
            while ((head = readHead(in)) != null) {
                if (head.startsWith("GET /slow")) {
                    Thread.sleep(slowMillis);
                }
                out.write(OK);
                out.flush();
            }
        } catch (IOException | InterruptedException e) {
            // the client went away
        }
    }

    /** Reads one request head (up to the blank line); null at the end of the stream. */
    static String readHead(InputStream in) throws IOException {
        StringBuilder b = new StringBuilder();
        int matched = 0;
        int c;
        while ((c = in.read()) >= 0) {
            b.append((char) c);
            matched = c == "\r\n\r\n".charAt(matched) ? matched + 1 : (c == '\r' ? 1 : 0);
            if (matched == 4) {
                return b.toString();
            }
        }
        return null;
    }

    String url() {
        return "http://127.0.0.1:" + server.getLocalPort();
    }

    @Override
    public void close() throws IOException {
        server.close();
    }
}
