package io.loadlab.loadgen;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/**
 * A server that serves one keep-alive connection at a time, like a single-threaded blocking server: one thread
 * accepts a connection and answers its requests until the client closes it; the other connections wait in the
 * backlog with their requests unanswered. Every request is answered at once with {@code 200 OK}.
 */
final class OneAtATimeServer implements AutoCloseable {
    private static final byte[] OK =
            "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nOK".getBytes(StandardCharsets.US_ASCII);

    private final ServerSocket server;
    private final Thread thread;

    OneAtATimeServer() throws IOException {
        server = new ServerSocket(0, 1000, InetAddress.getLoopbackAddress());
        thread = Thread.ofPlatform().daemon().start(this::serve);
    }

    private void serve() {
        while (!server.isClosed()) {
            try (Socket s = server.accept()) {
                InputStream in = s.getInputStream();
                OutputStream out = s.getOutputStream();
                while (PathDelayServer.readHead(in) != null) {
                    out.write(OK);
                    out.flush();
                }
            } catch (IOException e) {
                // next connection
            }
        }
    }

    String url() {
        return "http://127.0.0.1:" + server.getLocalPort() + "/";
    }

    @Override
    public void close() throws IOException {
        server.close();
        thread.interrupt();
    }
}
