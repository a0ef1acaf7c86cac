package io.loadlab.servers.servlet;

import io.loadlab.core.ContractLimits;
import io.loadlab.core.settings.Limit;
import io.loadlab.core.settings.ServerSettings;
import io.loadlab.core.settings.SettingsJson;
import io.loadlab.servers.ReferenceSettings;
import io.loadlab.servers.RunningServer;
import io.loadlab.servers.ServerDefaults;
import io.loadlab.servers.ServerSpec;
import io.loadlab.servers.runtime.EventLoopOwner;
import io.loadlab.servers.runtime.ServerTls;
import io.loadlab.servers.runtime.StartupChecks;
import jakarta.servlet.Servlet;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;
import org.eclipse.jetty.alpn.server.ALPNServerConnectionFactory;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.ee10.servlet.ServletHolder;
import org.eclipse.jetty.http.HttpVersion;
import org.eclipse.jetty.http2.server.HTTP2CServerConnectionFactory;
import org.eclipse.jetty.http2.server.HTTP2ServerConnectionFactory;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.SecureRequestCustomizer;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.SslConnectionFactory;
import org.eclipse.jetty.server.handler.GracefulHandler;
import org.eclipse.jetty.util.ssl.SslContextFactory;
import org.eclipse.jetty.util.thread.QueuedThreadPool;

/**
 * A Jetty 12 (ee10) servlet container serving one {@link ContractServlet} on every path. The container threads are a
 * {@link QueuedThreadPool} of {@code --max-threads} ({@link ServerSpec#containerThreads()}); the request line plus headers are limited to 8 KiB; Jetty's
 * {@code Server} and {@code Date} headers are off (the servlet writes the contract's own); no gzip. Stopping is
 * graceful: a {@link GracefulHandler} lets in-flight requests (async ones included) finish within 4 s.
 */
final class JettyServer implements RunningServer, EventLoopOwner {
    private static final long STOP_TIMEOUT_MILLIS = 4_000;

    private final Server server;
    private final ServerSettings settings;
    private final List<AutoCloseable> resources;
    private final List<ScheduledExecutorService> mustNotBlock;

    private JettyServer(
            Server server,
            ServerSettings settings,
            List<AutoCloseable> resources,
            List<ScheduledExecutorService> mustNotBlock) {
        this.server = server;
        this.settings = settings;
        this.resources = resources;
        this.mustNotBlock = mustNotBlock;
    }

    /**
     * What a servlet model adds to the container: its servlet, what it adds to the settings (its database and backend
     * clients, a worker pool, its own knobs), and what to close after Jetty.
     */
    record Setup(
            Servlet servlet,
            boolean async,
            Consumer<ServerSettings.Builder> settings,
            List<AutoCloseable> resources,
            List<ScheduledExecutorService> mustNotBlock) {}

    /**
     * Starts Jetty with the servlet {@code setup} builds once the settings JSON holder exists.
     *
     * <p>The setup's resources are closed after Jetty stops; if the start fails, the caller closes them.
     */
    static JettyServer start(ServerSpec spec, Function<SettingsBody, Setup> setup) throws Exception {
        int max = spec.containerThreads();
        QueuedThreadPool threads = new QueuedThreadPool(max, Math.min(8, max));
        threads.setName("jetty");
        Server server = new Server(threads);
        server.setStopTimeout(STOP_TIMEOUT_MILLIS);
        HttpConfiguration http = new HttpConfiguration();
        http.setRequestHeaderSize((int) ContractLimits.MAX_HEADER_SIZE.bytes());
        http.setSendServerVersion(false);
        http.setSendDateHeader(false);
        http.setSendXPoweredBy(false);
        ServerConnector connector;
        if (spec.tls() == null && spec.http2()) {
            // h2c with prior knowledge: the HTTP/1.1 connection hands a connection that opens with the preface over
            connector = new ServerConnector(
                    server, new HttpConnectionFactory(http), new HTTP2CServerConnectionFactory(http));
        } else if (spec.tls() == null) {
            connector = new ServerConnector(server, new HttpConnectionFactory(http));
        } else {
            SslContextFactory.Server tls = new SslContextFactory.Server();
            tls.setKeyStore(spec.tls().keyStore());
            tls.setKeyStorePassword(new String(ServerTls.PASSWORD));
            // Jetty answers 400 to a request over TLS it has no customizer for; the host is not checked against the
            // certificate's name (the lab's is made for localhost and reached by address)
            http.addCustomizer(new SecureRequestCustomizer(false));
            if (spec.http2()) {
                HttpConnectionFactory http1 = new HttpConnectionFactory(http);
                ALPNServerConnectionFactory alpn = new ALPNServerConnectionFactory();
                alpn.setDefaultProtocol(http1.getProtocol());
                connector = new ServerConnector(
                        server,
                        new SslConnectionFactory(tls, alpn.getProtocol()),
                        alpn,
                        new HTTP2ServerConnectionFactory(http),
                        http1);
            } else {
                connector = new ServerConnector(
                        server,
                        new SslConnectionFactory(tls, HttpVersion.HTTP_1_1.asString()),
                        new HttpConnectionFactory(http));
            }
        }
        connector.setHost(spec.host());
        connector.setPort(spec.port());
        connector.setAcceptQueueSize(spec.backlog());
        connector.setIdleTimeout(ServerDefaults.IDLE_TIMEOUT.toMillis());
        server.addConnector(connector);
        server.setErrorHandler(new ContractErrorHandler());

        SettingsBody json = new SettingsBody();
        Setup s = setup.apply(json);
        if (s.async() && Runtime.getRuntime().availableProcessors() == 1) {
            // A reserved thread takes over selecting while the selector's thread runs the request it found; on one
            // CPU the two never run at once, so the handover is only a switch. servlet-async, /backend at 1,000
            // connections on one core, 6 runs each: 9,362-9,585 req/s without, 9,143-9,627 with.
            threads.setReservedThreads(0);
        }
        try {
            ServletContextHandler context = new ServletContextHandler("/");
            context.setErrorHandler(new ContractErrorHandler());
            ServletHolder holder = new ServletHolder(s.servlet());
            holder.setAsyncSupported(s.async());
            context.addServlet(holder, "/*");
            server.setHandler(new GracefulHandler(context));
            try {
                server.start();
            } catch (Exception e) {
                if (StartupChecks.isBindFailure(e)) {
                    throw StartupChecks.bindFailed(spec.host(), spec.port(), e);
                }
                throw e;
            }
            int port = connector.getLocalPort();
            // Jetty's acceptors and selectors are threads of its pool: they serve no request
            ServerSettings.Builder b = ReferenceSettings.begin(
                            spec, port, ReferenceSettings.version("Jetty", "org.eclipse.jetty", "jetty-server"))
                    .keepAlive(Limit.UNLIMITED, Limit.of(connector.getIdleTimeout()))
                    .threads(new ServerSettings.Threads(
                            "pool",
                            Limit.of(threads.getMaxThreads()),
                            0,
                            connector.getAcceptors()
                                    + connector.getSelectorManager().getSelectorCount(),
                            Limit.of(0)))
                    .own("min_threads", threads.getMinThreads())
                    .own("reserved_threads", threads.getReservedThreads());
            s.settings().accept(b);
            ServerSettings settings = b.build();
            json.set(SettingsJson.write(settings).getBytes(StandardCharsets.UTF_8));
            return new JettyServer(server, settings, s.resources(), s.mustNotBlock());
        } catch (Exception | Error e) {
            try {
                server.stop();
            } catch (Exception ignored) {
                // the start failed; the first error is the one to report
            }
            throw e;
        }
    }

    @Override
    public ServerSettings settings() {
        return settings;
    }

    @Override
    public List<ScheduledExecutorService> eventLoops() {
        return mustNotBlock;
    }

    @Override
    public void close() {
        try {
            server.stop();
        } catch (Exception e) {
            // Jetty logs nothing here (slf4j-nop); what is left is closed below
        }
        closeAll(resources);
    }

    private static void closeAll(List<AutoCloseable> resources) {
        for (AutoCloseable r : new ArrayList<>(resources)) {
            try {
                r.close();
            } catch (Exception e) {
                // keep closing the others
            }
        }
    }

    /** The settings JSON, set once the port is bound, before the first request is served. */
    static final class SettingsBody implements Supplier<byte[]> {
        private volatile byte[] json = new byte[0];

        void set(byte[] v) {
            json = v;
        }

        @Override
        public byte[] get() {
            return json;
        }
    }
}
