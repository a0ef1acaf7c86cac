package io.loadlab.servers.blocking;

import io.loadlab.core.Defaults;
import io.loadlab.servers.http.Contract;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One keep-alive connection served in a loop by one thread until it closes, as the RxJava book's blocking servers
 * do: read a request, answer it, read the next. The socket's read timeout ends connections idle longer than
 * {@link Defaults#IDLE_TIMEOUT}. For a graceful stop the server may close the connection while it waits for a
 * request ({@link #closeIfIdle}); a request already being answered is finished, with {@code Connection: close}.
 */
final class BlockingConnection implements Runnable {
    private static final int IDLE = 0;
    private static final int BUSY = 1;
    private static final int CLOSED = 2;
    private static final int BUFFER = 8192;
    private static final int LINGER_MS = 200;

    private final Socket socket;
    private final BlockingServer server;
    private final AtomicInteger state = new AtomicInteger(IDLE);
    private volatile boolean started;

    BlockingConnection(Socket socket, BlockingServer server) {
        this.socket = socket;
        this.server = server;
    }

    Socket socket() {
        return socket;
    }

    @Override
    public void run() {
        started = true;
        try {
            socket.setTcpNoDelay(true);
            socket.setSoTimeout((int) Defaults.IDLE_TIMEOUT.toMillis());
            InputStream raw = socket.getInputStream();
            HttpInput in = new HttpInput(raw, BUFFER, Defaults.MAX_HEADER_SIZE.toIntExact());
            HttpResponseWriter out = new HttpResponseWriter(new BufferedOutputStream(socket.getOutputStream(), BUFFER));
            HttpRequestReader reader = new HttpRequestReader(in);
            HttpRequest req = new HttpRequest();
            BlockingHandler handler = server.handler();
            while (true) {
                if (server.closing() && in.buffered() == 0 && raw.available() == 0) {
                    return;
                }
                boolean read;
                try {
                    read = reader.read(req, out.stream());
                } catch (HttpParseException e) {
                    if (state.compareAndSet(IDLE, BUSY)) {
                        out.write(
                                e.status(),
                                true,
                                Contract.errorBody(e.getMessage()),
                                null,
                                HttpResponseWriter.Conn.CLOSE);
                        lingeringClose(socket);
                    }
                    return;
                }
                if (!read || !state.compareAndSet(IDLE, BUSY)) {
                    return;
                }
                boolean keep = req.keepAlive && !server.closing();
                HttpResponseWriter.Conn conn = !keep
                        ? HttpResponseWriter.Conn.CLOSE
                        : req.http10 ? HttpResponseWriter.Conn.KEEP_ALIVE : HttpResponseWriter.Conn.DEFAULT;
                try {
                    handler.handle(req, out, conn);
                } catch (RuntimeException e) {
                    out.write(500, true, Contract.errorBody("internal error"), null, HttpResponseWriter.Conn.CLOSE);
                    return;
                }
                if (!keep || !state.compareAndSet(BUSY, IDLE)) {
                    return;
                }
            }
        } catch (IOException e) {
            // the client went away, or stayed idle past the timeout: nothing to answer
        } finally {
            state.set(CLOSED);
            closeQuietly(socket);
            server.closed(this);
        }
    }

    /** Closes the connection when it is waiting for a request; a request in progress is left to finish. */
    void closeIfIdle() {
        if (state.compareAndSet(IDLE, CLOSED)) {
            closeQuietly(socket);
            if (!started) { // still queued: its thread will never come
                server.closed(this);
            }
        }
    }

    void forceClose() {
        state.set(CLOSED);
        closeQuietly(socket);
        if (!started) {
            server.closed(this);
        }
    }

    /**
     * Closes after an error answer without resetting it away: sends FIN, then reads what the client still sends for
     * a moment, so that unread request bytes do not turn the close into a reset that discards the answer.
     */
    static void lingeringClose(Socket s) {
        try {
            s.shutdownOutput();
            s.setSoTimeout(LINGER_MS);
            InputStream in = s.getInputStream();
            byte[] sink = new byte[BUFFER];
            long deadline = System.nanoTime() + LINGER_MS * 1_000_000L;
            while (System.nanoTime() < deadline && in.read(sink) >= 0) {
                // discard
            }
        } catch (IOException ignored) {
            // closing anyway
        } finally {
            closeQuietly(s);
        }
    }

    static void closeQuietly(Socket s) {
        try {
            s.close();
        } catch (IOException ignored) {
            // nothing left to release
        }
    }
}
