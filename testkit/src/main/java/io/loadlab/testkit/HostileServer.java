package io.loadlab.testkit;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A raw socket server that misbehaves on purpose: after reading a request head it does what its {@link Behaviour}
 * says. Each connection runs on a virtual thread; {@link #close} closes the listener and every thread ends with its
 * socket.
 */
public final class HostileServer implements AutoCloseable {
    /** What to do after each request head; may write, sleep, or close the socket. */
    public interface Behaviour {
        void answer(Socket s, OutputStream out) throws IOException, InterruptedException;
    }

    private final ServerSocket server;
    private final Thread acceptor;
    /** Connections accepted so far. */
    public final AtomicInteger accepted = new AtomicInteger();

    public HostileServer(Behaviour behaviour) throws IOException {
        server = new ServerSocket(0, 1000, InetAddress.getLoopbackAddress());
        acceptor = Thread.ofVirtual().start(() -> {
            while (!server.isClosed()) {
                try {
                    Socket s = server.accept();
                    accepted.incrementAndGet();
                    Thread.ofVirtual().start(() -> serve(s, behaviour));
                } catch (IOException e) {
                    return;
                }
            }
        });
    }

    private static void serve(Socket s, Behaviour behaviour) {
        try (s) {
            InputStream in = s.getInputStream();
            OutputStream out = s.getOutputStream();
            while (readHead(in)) {
                behaviour.answer(s, out);
                if (s.isClosed()) {
                    return;
                }
            }
        } catch (IOException | InterruptedException e) {
            // the client went away or the test ended
        }
    }

    private static boolean readHead(InputStream in) throws IOException {
        int matched = 0;
        int b;
        while ((b = in.read()) >= 0) {
            matched = b == "\r\n\r\n".charAt(matched) ? matched + 1 : (b == '\r' ? 1 : 0);
            if (matched == 4) {
                return true;
            }
        }
        return false;
    }

    public static void write(OutputStream out, String text) throws IOException {
        out.write(text.getBytes(StandardCharsets.ISO_8859_1));
        out.flush();
    }

    /** Stops accepting (connections already open go on). */
    public void stopListening() throws IOException {
        server.close();
    }

    /** {@code http://127.0.0.1:PORT/}. */
    public String url() {
        return "http://127.0.0.1:" + server.getLocalPort() + "/";
    }

    @Override
    public void close() throws IOException {
        server.close();
        acceptor.interrupt();
    }
}
