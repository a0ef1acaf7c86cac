package io.loadlab.servers.blocking;

import io.loadlab.core.ContractLimits;
import io.loadlab.servers.ServerDefaults;
import io.loadlab.servers.http.Contract;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One keep-alive connection served in a loop by one thread until it closes, as the RxJava book's blocking servers
 * do: read a request, answer it, read the next. The socket's read timeout ends connections idle longer than
 * {@link io.loadlab.servers.ServerDefaults#IDLE_TIMEOUT}. For a graceful stop the server may close the connection while it waits for a
 * request ({@link #closeIfIdle}); a request already being answered is finished, with {@code Connection: close}.
 */
final class BlockingConnection implements Runnable {
    private static final int IDLE = 0;
    private static final int BUSY = 1;
    private static final int CLOSED = 2;
    /** Socket buffers of each connection; a larger answer is written through, not copied. */
    private static final int BUFFER = 4096;

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
        boolean lingering = false;
        try {
            socket.setTcpNoDelay(true);
            socket.setSoTimeout((int) ServerDefaults.IDLE_TIMEOUT.toMillis());
            InputStream raw = socket.getInputStream();
            HttpInput in = new HttpInput(raw, BUFFER, ContractLimits.MAX_HEADER_SIZE.toIntExact());
            HttpResponseWriter out =
                    new HttpResponseWriter(new BufferedOutputStream(socket.getOutputStream(), BUFFER), server::closing);
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
                        lingering = true;
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
                if (!keep || out.closed() || !state.compareAndSet(BUSY, IDLE)) {
                    return;
                }
            }
        } catch (IOException e) {
            // the client went away, or stayed idle past the timeout: nothing to answer
        } finally {
            state.set(CLOSED);
            if (lingering) {
                LingeringClose.close(socket);
            } else {
                closeQuietly(socket);
            }
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

    static void closeQuietly(Socket s) {
        try {
            s.close();
        } catch (IOException ignored) {
            // nothing left to release
        }
    }
}
