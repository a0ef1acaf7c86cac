package io.loadlab.lab.validate;

import io.loadlab.lab.deps.UnverifiedTls;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;

/**
 * Sends one hand-written HTTP/1.1 request over a socket (TLS for an https base) and returns the status code: the
 * bad-input probes need requests that a well-behaved client library refuses to send. Blocking, with a timeout on
 * connect and read.
 */
final class RawProbe {
    private RawProbe() {}

    /** {@code tcp} connected to {@code base}; over HTTPS, TLS on top of it (not verified, as the lab's probes are). */
    private static Socket over(Socket tcp, URI base, int timeoutMillis) throws IOException {
        tcp.connect(new InetSocketAddress(base.getHost(), base.getPort()), timeoutMillis);
        tcp.setSoTimeout(timeoutMillis);
        if (!"https".equalsIgnoreCase(base.getScheme())) {
            return tcp;
        }
        return UnverifiedTls.context().getSocketFactory().createSocket(tcp, base.getHost(), base.getPort(), true);
    }

    /** The status of the answer to {@code method path} (with {@code body} when not null); -1 on no answer. */
    static int status(URI base, String method, String path, String body, int timeoutMillis) throws IOException {
        try (Socket tcp = new Socket();
                Socket s = over(tcp, base, timeoutMillis)) {
            StringBuilder req = new StringBuilder()
                    .append(method)
                    .append(' ')
                    .append(path)
                    .append(" HTTP/1.1\r\n")
                    .append("Host: ")
                    .append(base.getHost())
                    .append(':')
                    .append(base.getPort())
                    .append("\r\n")
                    .append("Connection: close\r\n");
            byte[] bytes = body == null ? new byte[0] : body.getBytes(StandardCharsets.UTF_8);
            if (body != null) {
                req.append("Content-Type: application/json\r\n")
                        .append("Content-Length: ")
                        .append(bytes.length)
                        .append("\r\n");
            }
            req.append("\r\n");
            OutputStream out = s.getOutputStream();
            out.write(req.toString().getBytes(StandardCharsets.US_ASCII));
            out.write(bytes);
            out.flush();
            InputStream in = s.getInputStream();
            StringBuilder line = new StringBuilder();
            int c;
            while ((c = in.read()) != -1 && c != '\n' && line.length() < 200) {
                line.append((char) c);
            }
            String[] parts = line.toString().trim().split(" ");
            if (parts.length < 2 || !parts[0].startsWith("HTTP/")) {
                return -1;
            }
            try {
                return Integer.parseInt(parts[1]);
            } catch (NumberFormatException e) {
                return -1;
            }
        }
    }
}
