package io.loadlab.lab.validate;

import io.loadlab.lab.deps.UnverifiedTls;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.netty.handler.codec.http2.DefaultHttp2HeadersDecoder;
import io.netty.handler.codec.http2.DefaultHttp2HeadersEncoder;
import io.netty.handler.codec.http2.Http2Exception;
import io.netty.handler.codec.http2.Http2Headers;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpHeaders;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;

/**
 * One HTTP/2 request over its own connection, for the validation gate of a suite that says {@code protocol: h2c}
 * (prior knowledge) or {@code h2} (TLS, ALPN): preface, SETTINGS, the request on stream 1, then frames are read until
 * that stream ends. Headers are HPACK-coded by Netty's encoder and decoder, so the answer is checked as a real client
 * sees it. Blocking, with a timeout on connect and on every read.
 */
final class Http2Probe {
    private Http2Probe() {}

    /** The answer to one request: its final status, headers (names in lower case) and body. */
    record Answer(int status, HttpHeaders headers, String body) {}

    private static final byte[] PREFACE = "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
    private static final int DATA = 0;
    private static final int HEADERS = 1;
    private static final int RST_STREAM = 3;
    private static final int SETTINGS = 4;
    private static final int PING = 6;
    private static final int GOAWAY = 7;
    private static final int CONTINUATION = 9;
    private static final int END_STREAM = 0x1;
    private static final int END_HEADERS = 0x4;
    private static final int PADDED = 0x8;
    private static final int PRIORITY = 0x20;

    static Answer exchange(
            URI base, String method, String path, Map<String, String> headers, String body, int timeoutMillis)
            throws IOException {
        boolean tls = "https".equalsIgnoreCase(base.getScheme());
        try (Socket tcp = new Socket()) {
            tcp.connect(new InetSocketAddress(base.getHost(), base.getPort()), timeoutMillis);
            tcp.setSoTimeout(timeoutMillis);
            Socket s = tls ? alpn(tcp, base) : tcp;
            try (s) {
                OutputStream out = s.getOutputStream();
                out.write(PREFACE);
                frame(out, SETTINGS, 0, 0, new byte[0]);
                Http2Headers h = new DefaultHttp2Headers()
                        .method(method)
                        .scheme(tls ? "https" : "http")
                        .path(path)
                        .authority(base.getHost() + ":" + base.getPort());
                headers.forEach((k, v) -> h.add(k.toLowerCase(Locale.ROOT), v));
                byte[] payload = body == null ? null : body.getBytes(StandardCharsets.UTF_8);
                if (payload != null) {
                    h.add("content-length", Integer.toString(payload.length));
                }
                ByteBuf block = Unpooled.buffer();
                try {
                    new DefaultHttp2HeadersEncoder().encodeHeaders(1, h, block);
                    frame(out, HEADERS, END_HEADERS | (payload == null ? END_STREAM : 0), 1, bytes(block));
                } catch (Http2Exception e) {
                    throw new IOException("cannot encode the request headers: " + e.getMessage(), e);
                } finally {
                    block.release();
                }
                if (payload != null) {
                    frame(out, DATA, END_STREAM, 1, payload);
                }
                out.flush();
                return read(new DataInputStream(s.getInputStream()), out);
            }
        }
    }

    private static Answer read(DataInputStream in, OutputStream out) throws IOException {
        DefaultHttp2HeadersDecoder decoder = new DefaultHttp2HeadersDecoder(true);
        ByteArrayOutputStream block = new ByteArrayOutputStream();
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        Http2Headers response = null;
        boolean ended = false;
        while (!ended) {
            int length = (in.readUnsignedByte() << 16) | in.readUnsignedShort();
            int type = in.readUnsignedByte();
            int flags = in.readUnsignedByte();
            int stream = in.readInt() & 0x7fffffff;
            byte[] p = new byte[length];
            in.readFully(p);
            switch (type) {
                case SETTINGS -> {
                    if ((flags & 0x1) == 0) {
                        frame(out, SETTINGS, 0x1, 0, new byte[0]);
                        out.flush();
                    }
                }
                case PING -> {
                    if ((flags & 0x1) == 0) {
                        frame(out, PING, 0x1, 0, p);
                        out.flush();
                    }
                }
                case GOAWAY -> throw new IOException("the server sent GOAWAY before the response ended");
                case RST_STREAM -> {
                    if (stream == 1) {
                        throw new IOException("the server reset the stream (RST_STREAM)");
                    }
                }
                case HEADERS, CONTINUATION -> {
                    if (stream != 1) {
                        continue;
                    }
                    int from = 0;
                    int to = p.length;
                    if (type == HEADERS && (flags & PADDED) != 0) {
                        to -= p[from++] & 0xff;
                    }
                    if (type == HEADERS && (flags & PRIORITY) != 0) {
                        from += 5;
                    }
                    block.write(p, from, Math.max(0, to - from));
                    if ((flags & END_HEADERS) != 0) {
                        Http2Headers decoded = decode(decoder, block.toByteArray());
                        block.reset();
                        CharSequence status = decoded.status();
                        if (response == null && status != null && status.charAt(0) != '1') {
                            response = decoded;
                        }
                    }
                    ended = type == HEADERS && (flags & END_STREAM) != 0;
                }
                case DATA -> {
                    if (stream == 1) {
                        int from = (flags & PADDED) != 0 ? 1 : 0;
                        int to = p.length - ((flags & PADDED) != 0 ? p[0] & 0xff : 0);
                        body.write(p, from, Math.max(0, to - from));
                        ended = (flags & END_STREAM) != 0;
                    }
                }
                default -> {}
            }
        }
        if (response == null || response.status() == null) {
            throw new IOException("the stream ended without a response :status");
        }
        Map<String, List<String>> map = new TreeMap<>();
        for (Map.Entry<CharSequence, CharSequence> e : response) {
            String name = e.getKey().toString();
            if (!name.startsWith(":")) {
                map.computeIfAbsent(name, k -> new ArrayList<>())
                        .add(e.getValue().toString());
            }
        }
        return new Answer(
                Integer.parseInt(response.status().toString()),
                HttpHeaders.of(map, (a, b) -> true),
                body.toString(StandardCharsets.UTF_8));
    }

    private static Http2Headers decode(DefaultHttp2HeadersDecoder decoder, byte[] block) throws IOException {
        ByteBuf b = Unpooled.wrappedBuffer(block);
        try {
            return decoder.decodeHeaders(1, b);
        } catch (Http2Exception e) {
            throw new IOException("undecodable response headers: " + e.getMessage(), e);
        } finally {
            b.release();
        }
    }

    private static Socket alpn(Socket tcp, URI base) throws IOException {
        SSLSocket s = (SSLSocket)
                UnverifiedTls.context().getSocketFactory().createSocket(tcp, base.getHost(), base.getPort(), true);
        SSLParameters params = s.getSSLParameters();
        params.setApplicationProtocols(new String[] {"h2"});
        s.setSSLParameters(params);
        s.startHandshake();
        if (!"h2".equals(s.getApplicationProtocol())) {
            s.close();
            throw new IOException(
                    "the server did not agree to h2 by ALPN (it chose '" + s.getApplicationProtocol() + "')");
        }
        return s;
    }

    private static void frame(OutputStream out, int type, int flags, int stream, byte[] payload) throws IOException {
        byte[] h = {
            (byte) (payload.length >>> 16),
            (byte) (payload.length >>> 8),
            (byte) payload.length,
            (byte) type,
            (byte) flags,
            (byte) (stream >>> 24),
            (byte) (stream >>> 16),
            (byte) (stream >>> 8),
            (byte) stream
        };
        out.write(h);
        out.write(payload);
    }

    private static byte[] bytes(ByteBuf b) {
        byte[] out = new byte[b.readableBytes()];
        b.readBytes(out);
        return out;
    }
}
