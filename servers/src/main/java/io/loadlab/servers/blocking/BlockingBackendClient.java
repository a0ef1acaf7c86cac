package io.loadlab.servers.blocking;

import io.loadlab.core.ContractLimits;
import java.io.BufferedOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A small blocking HTTP/1.1 client for the backend, over plain sockets and the server's own codec. Connections are
 * kept alive and reused: a caller takes an idle one (or opens one), blocks on it for the whole exchange, and puts it
 * back. Connections in use never exceed the threads calling at once nor {@code maxConnections} (a caller past that
 * blocks, first come first served, up to the read timeout, for a connection to be put back); at most
 * {@code maxIdle} idle ones are kept, the rest closed. Thread-safe.
 */
final class BlockingBackendClient implements AutoCloseable {
    private static final int CONNECT_TIMEOUT_MS = 2_000;
    private static final int MAX_BODY = ContractLimits.MAX_BODY_SIZE.toIntExact();

    /** The backend's answer, or why there is none (a one-line reason for the 502). */
    record Result(int status, byte[] body, String failure) {
        boolean ok() {
            return failure == null;
        }
    }

    private final InetSocketAddress address;
    private final byte[] helloRequest;
    private final byte[] healthRequest;
    private final int maxIdle;
    private final int readTimeoutMs;
    private final Semaphore inUse;
    private final ConcurrentLinkedDeque<Connection> idle = new ConcurrentLinkedDeque<>();
    private final AtomicInteger idleCount = new AtomicInteger();
    private volatile boolean closed;

    BlockingBackendClient(URI baseUrl, int maxConnections, int maxIdle, int readTimeoutMs) {
        if (!"http".equals(baseUrl.getScheme()) || baseUrl.getHost() == null) {
            throw new IllegalArgumentException("--backend-url must be http://host:port, got " + baseUrl);
        }
        int port = baseUrl.getPort() < 0 ? 80 : baseUrl.getPort();
        this.address = InetSocketAddress.createUnresolved(baseUrl.getHost(), port);
        String base = baseUrl.getRawPath() == null || baseUrl.getRawPath().equals("/") ? "" : baseUrl.getRawPath();
        String host = "Host: " + baseUrl.getHost() + ":" + port + "\r\n";
        this.helloRequest = ("GET " + base + "/hello HTTP/1.1\r\n" + host + "\r\n").getBytes(StandardCharsets.US_ASCII);
        this.healthRequest =
                ("GET " + base + "/health HTTP/1.1\r\n" + host + "\r\n").getBytes(StandardCharsets.US_ASCII);
        this.maxIdle = maxIdle;
        this.readTimeoutMs = readTimeoutMs;
        this.inUse = new Semaphore(maxConnections, true);
    }

    int maxIdle() {
        return maxIdle;
    }

    /** {@code GET /hello}, blocking the caller for the backend's delay. */
    Result hello() {
        return exchange(helloRequest);
    }

    /** {@code GET /health}: null when the backend answers 200, else the reason. */
    String unhealthy() {
        Result r = exchange(healthRequest);
        return !r.ok() ? r.failure() : r.status() == 200 ? null : "backend: status " + r.status();
    }

    private Result exchange(byte[] request) {
        try {
            if (!inUse.tryAcquire(readTimeoutMs, TimeUnit.MILLISECONDS)) {
                return new Result(0, null, "backend: timed out");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Result(0, null, "backend: interrupted");
        }
        try {
            return exchangeOnAConnection(request);
        } finally {
            inUse.release();
        }
    }

    private Result exchangeOnAConnection(byte[] request) {
        Connection c = idle.pollFirst();
        if (c != null) {
            idleCount.decrementAndGet();
            try {
                return finish(c, c.exchange(request));
            } catch (SocketTimeoutException e) {
                c.close();
                return new Result(0, null, reason(e));
            } catch (IOException stale) {
                c.close(); // the backend may have closed an idle keep-alive connection: one retry on a fresh one
            }
        }
        try {
            c = new Connection(address, readTimeoutMs);
        } catch (IOException e) {
            return new Result(0, null, reason(e));
        }
        try {
            return finish(c, c.exchange(request));
        } catch (IOException e) {
            c.close();
            return new Result(0, null, reason(e));
        }
    }

    private Result finish(Connection c, Result r) {
        if (c.reusable && !closed && idleCount.incrementAndGet() <= maxIdle) {
            idle.offerFirst(c);
        } else {
            if (c.reusable && !closed) {
                idleCount.decrementAndGet();
            }
            c.close();
        }
        return r;
    }

    static String reason(IOException e) {
        if (e instanceof ConnectException) {
            return "backend: connection refused";
        }
        if (e instanceof SocketTimeoutException) {
            return "backend: timed out";
        }
        if (e instanceof EOFException) {
            return "backend: connection closed";
        }
        String m = e.getMessage();
        return "backend: " + (m == null ? e.getClass().getSimpleName() : m.replace('\n', ' '));
    }

    @Override
    public void close() {
        closed = true;
        Connection c;
        while ((c = idle.pollFirst()) != null) {
            c.close();
        }
    }

    /** One keep-alive connection to the backend; used by one thread at a time. */
    private static final class Connection {
        private final Socket socket;
        private final HttpInput in;
        private final OutputStream out;
        boolean reusable;

        Connection(InetSocketAddress address, int readTimeoutMs) throws IOException {
            socket = new Socket();
            try {
                socket.setTcpNoDelay(true);
                socket.connect(new InetSocketAddress(address.getHostString(), address.getPort()), CONNECT_TIMEOUT_MS);
                socket.setSoTimeout(readTimeoutMs);
                in = new HttpInput(socket.getInputStream(), 4096, 8192);
                out = new BufferedOutputStream(socket.getOutputStream(), 512);
            } catch (IOException e) {
                socket.close();
                throw e;
            }
        }

        Result exchange(byte[] request) throws IOException {
            reusable = false;
            out.write(request);
            out.flush();
            int n = in.readLine(8192);
            if (n == HttpInput.EOF) {
                throw new EOFException("backend closed the connection");
            }
            byte[] l = in.line();
            if (n < 12 || l[0] != 'H' || l[8] != ' ') {
                return new Result(0, null, "backend: invalid response");
            }
            int status = (int) HttpInput.parseDecimal(l, 9, 12);
            boolean http10 = l[7] == '0';
            long length = -1;
            boolean chunked = false;
            boolean close = http10;
            while ((n = in.readLine(8192)) > 0) {
                l = in.line();
                int colon = HttpRequestReader.indexOf(l, 0, n, (byte) ':');
                if (colon <= 0) {
                    return new Result(0, null, "backend: invalid response");
                }
                int vs = colon + 1;
                while (vs < n && l[vs] == ' ') {
                    vs++;
                }
                if (HttpInput.equalsLower(l, 0, colon, "content-length")) {
                    length = HttpInput.parseDecimal(l, vs, n);
                } else if (HttpInput.equalsLower(l, 0, colon, "transfer-encoding")) {
                    chunked = HttpRequestReader.containsToken(l, vs, n, "chunked");
                } else if (HttpInput.equalsLower(l, 0, colon, "connection")) {
                    close = HttpRequestReader.containsToken(l, vs, n, "close")
                            || http10 && !HttpRequestReader.containsToken(l, vs, n, "keep-alive");
                }
            }
            if (n < 0) {
                return new Result(0, null, "backend: invalid response");
            }
            byte[] body;
            if (chunked) {
                try {
                    body = ChunkedBody.read(in, MAX_BODY);
                } catch (HttpParseException e) {
                    return new Result(0, null, "backend: invalid response");
                }
            } else if (length >= 0 && length <= MAX_BODY) {
                body = new byte[(int) length];
                in.readFully(body, 0, body.length);
            } else {
                return new Result(0, null, "backend: response without a usable length");
            }
            reusable = !close;
            return status == 200
                    ? new Result(status, body, null)
                    : new Result(status, body, "backend: status " + status);
        }

        void close() {
            try {
                socket.close();
            } catch (IOException ignored) {
                // nothing left to release
            }
        }
    }
}
