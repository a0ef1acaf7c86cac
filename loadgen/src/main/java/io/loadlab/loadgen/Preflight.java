package io.loadlab.loadgen;

import io.loadlab.core.UserError;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;

/**
 * Checks, before any load is sent, that the target resolves and accepts one connection and that every source
 * address can be bound; for h2c, that the server answers the HTTP/2 preface. Failures are {@link UserError}s with a one-line hint. Blocking; called once per run.
 */
final class Preflight {
    private Preflight() {}

    static InetSocketAddress check(LoadSpec spec) {
        Target t = spec.target();
        InetAddress address;
        try {
            address = InetAddress.getByName(t.host());
        } catch (UnknownHostException e) {
            throw new UserError("cannot resolve host '" + t.host() + "'; check the URL");
        }
        InetSocketAddress remote = new InetSocketAddress(address, t.port());
        for (InetAddress source : spec.sourceAddresses()) {
            try (Socket s = new Socket()) {
                s.bind(new InetSocketAddress(source, 0));
            } catch (IOException e) {
                throw new UserError("cannot bind source address " + source.getHostAddress() + ": " + e.getMessage()
                        + "; use local addresses such as 127.0.0.1-127.0.0.16");
            }
        }
        int connectTimeout = (int) Math.min(spec.timeout().toMillis(), 10_000);
        try (Socket s = new Socket()) {
            s.connect(remote, connectTimeout);
            if (spec.http2() && !t.tls()) {
                checkH2c(s, connectTimeout, t);
            }
        } catch (IOException e) {
            throw new UserError("cannot connect to " + t.host() + ":" + t.port() + ": " + e.getMessage()
                    + "; is the server running?");
        }
        return remote;
    }

    /**
     * h2c with prior knowledge: the server must answer the connection preface with a SETTINGS frame. An HTTP/1.1
     * server answers 400 or closes; that is a usage error, said once here instead of a run of connect errors.
     */
    private static void checkH2c(Socket s, int timeoutMillis, Target t) throws IOException {
        s.setSoTimeout(timeoutMillis);
        OutputStream out = s.getOutputStream();
        out.write(Http2FrameWriter.PREFACE);
        out.write(new byte[] {0, 0, 0, 4, 0, 0, 0, 0, 0}); // an empty SETTINGS frame
        out.flush();
        byte[] head = new byte[9];
        int n = 0;
        try {
            InputStream in = s.getInputStream();
            int r;
            while (n < head.length && (r = in.read(head, n, head.length - n)) > 0) {
                n += r;
            }
        } catch (SocketTimeoutException e) {
            // no answer at all: reported below
        }
        if (n == head.length && head[3] == 4 && (head[4] & 1) == 0) {
            return;
        }
        String answer = n == 0
                ? "no answer"
                : "'"
                        + new String(head, 0, n, StandardCharsets.ISO_8859_1)
                                .replaceAll("[\\r\\n]+", " ")
                                .strip() + "...'";
        throw new UserError(t.host() + ":" + t.port() + " does not speak HTTP/2 without TLS (h2c with prior"
                + " knowledge): it answered the preface with " + answer + "; drop --http2 or enable h2c on it");
    }
}
