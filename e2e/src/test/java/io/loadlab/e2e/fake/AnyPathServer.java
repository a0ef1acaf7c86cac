package io.loadlab.e2e.fake;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Executors;

/**
 * A user's server with routes of its own, as nginx's default site: the JDK's HTTP server answering 200 {@code ok} on
 * every path and method, so the contract's probes (a 404 on an unknown path) would refuse it. Usage:
 * {@code AnyPathServer PORT}.
 */
public final class AnyPathServer {
    private AnyPathServer() {}

    public static void main(String[] args) throws IOException {
        HttpServer s = HttpServer.create(
                new InetSocketAddress(InetAddress.getLoopbackAddress(), Integer.parseInt(args[0])), 1024);
        s.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        byte[] ok = "ok".getBytes(StandardCharsets.UTF_8);
        s.createContext("/", x -> {
            x.getRequestBody().readAllBytes();
            x.getResponseHeaders().add("Content-Type", "text/plain");
            x.sendResponseHeaders(200, ok.length);
            x.getResponseBody().write(ok);
            x.close();
        });
        s.start();
    }
}
