package io.loadlab.frameworks.httpcore;

import io.loadlab.frameworks.common.AppEnv;
import io.loadlab.frameworks.common.ContractText;
import io.loadlab.frameworks.common.DbTarget;
import io.loadlab.frameworks.common.JdbcZipCodeStore;
import java.net.InetSocketAddress;
import java.sql.SQLException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.apache.hc.core5.http.URIScheme;
import org.apache.hc.core5.http.config.CharCodingConfig;
import org.apache.hc.core5.http.config.Http1Config;
import org.apache.hc.core5.http.impl.DefaultConnectionReuseStrategy;
import org.apache.hc.core5.http.impl.DefaultContentLengthStrategy;
import org.apache.hc.core5.http.impl.HttpProcessors;
import org.apache.hc.core5.http.impl.bootstrap.HttpAsyncServer;
import org.apache.hc.core5.http.impl.nio.DefaultHttpRequestFactory;
import org.apache.hc.core5.http.impl.nio.DefaultHttpRequestParserFactory;
import org.apache.hc.core5.http.impl.nio.DefaultHttpResponseWriterFactory;
import org.apache.hc.core5.http.impl.nio.ServerHttp1IOEventHandlerFactory;
import org.apache.hc.core5.http.impl.nio.ServerHttp1StreamDuplexerFactory;
import org.apache.hc.core5.io.CloseMode;
import org.apache.hc.core5.reactor.IOReactorConfig;
import org.apache.hc.core5.reactor.ListenerEndpoint;
import org.apache.hc.core5.util.TimeValue;
import org.apache.hc.core5.util.Timeout;

/**
 * Starts the application from {@code LOADLAB_*} environment variables only (see frameworks/README.md): HttpCore 5's
 * HTTP/1.1 async server, assembled as its bootstrap does but with a lenient line parser (see {@link
 * LenientLineParser}) and {@code Server: loadlab}. What the lab sets alike for every model goes into the I/O
 * reactor's own configuration: {@code LOADLAB_IO_THREADS} I/O threads (default one per usable CPU, as HttpCore's own
 * default), the accept backlog {@code LOADLAB_BACKLOG} (HttpCore binds with none, the JDK's 50, unless told), and a
 * 30 s idle timeout as its socket timeout (HttpCore's default: none), kept to idle connections by {@link
 * IdleTimeout}. {@code LOADLAB_WORKER_THREADS} sets the JDBC workers (default: the database pool).
 */
public final class HttpCoreApplication implements AutoCloseable {
    private final HttpAsyncServer server;
    private final Services services;
    private final JdbcZipCodeStore store;

    private HttpCoreApplication(HttpAsyncServer server, Services services, JdbcZipCodeStore store) {
        this.server = server;
        this.services = services;
        this.store = store;
    }

    public static void main(String[] args) {
        HttpCoreApplication app;
        try {
            app = start(AppEnv.fromSystem());
        } catch (IllegalArgumentException | SQLException e) {
            System.err.println("loadlab httpcore5-nio: " + e.getMessage());
            System.exit(2);
            return;
        }
        Runtime.getRuntime().addShutdownHook(new Thread(app::close, "stop-httpcore"));
        System.out.println(app.services.settings().json());
        System.err.println("loadlab httpcore5-nio: listening on http://" + app.services.settings().host() + ":"
                + app.port());
        try {
            app.server.awaitShutdown(TimeValue.MAX_VALUE); // the reactor's threads are daemons: hold the JVM
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Runs the application configured by {@code env}; returns once it listens. */
    public static HttpCoreApplication start(AppEnv env) throws SQLException {
        IOReactorConfig reactor = IOReactorConfig.custom()
                .setIoThreadCount(env.eventLoops("LOADLAB_IO_THREADS"))
                .setSoReuseAddress(true)
                .setBacklogSize(env.backlog())
                .setSoTimeout(Timeout.ofMilliseconds(env.idleTimeoutMillis()))
                .build();
        DbTarget db = env.db();
        int workers = Math.max(1, env.integer("LOADLAB_WORKER_THREADS", env.dbPool()));
        JdbcZipCodeStore store = db == null ? null : new JdbcZipCodeStore(db, env.dbPool());
        BackendClient backend = new BackendClient(env);
        ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor(r -> daemon(r, "delay"));
        ExecutorService worker = Executors.newFixedThreadPool(workers, r -> daemon(r, "jdbc-worker"));
        AppSettings settings = new AppSettings(env, reactor, workers, backend, store == null ? null : store.serverVersion());
        Services services = new Services(scheduler, worker, backend, new ZipCodes(store, worker), settings);
        // lines up to 64 KiB are read, so that the handler answers headers over the contract's 8 KiB with its 431
        // (past HttpCore's own line limit it answers a plain-text 400 itself)
        Http1Config http1 = Http1Config.custom().setMaxLineLength(64 * 1024).build();
        ServerHttp1StreamDuplexerFactory duplexers = new ServerHttp1StreamDuplexerFactory(
                HttpProcessors.server(ContractText.SERVER),
                (request, context) -> new ContractHandler(services),
                http1,
                CharCodingConfig.DEFAULT,
                DefaultConnectionReuseStrategy.INSTANCE,
                new DefaultHttpRequestParserFactory(http1, DefaultHttpRequestFactory.INSTANCE, new LenientLineParser()),
                new DefaultHttpResponseWriterFactory(http1),
                new BodyLimit(),
                DefaultContentLengthStrategy.INSTANCE,
                new IdleTimeout(reactor.getSoTimeout()),
                null);
        HttpAsyncServer server = new HttpAsyncServer(
                new ServerHttp1IOEventHandlerFactory(duplexers, null, null),
                reactor,
                null, null, null, null, null, null);
        HttpCoreApplication app = new HttpCoreApplication(server, services, store);
        try {
            server.start();
            ListenerEndpoint endpoint =
                    server.listen(new InetSocketAddress(env.host(), env.port()), URIScheme.HTTP).get();
            settings.listening(((InetSocketAddress) endpoint.getAddress()).getPort());
        } catch (ExecutionException e) {
            app.close();
            throw new IllegalArgumentException("cannot listen on " + env.host() + ":" + env.port() + ": "
                    + e.getCause().getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            app.close();
            throw new IllegalStateException("interrupted while starting", e);
        }
        return app;
    }

    private static Thread daemon(Runnable r, String name) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        return t;
    }

    public int port() {
        return services.settings().port();
    }

    public String model() {
        return AppSettings.MODEL;
    }

    /**
     * Stops listening, lets the exchanges in flight finish (a few seconds at most: the scheduler's delays, the
     * workers' statements), then closes the connections, the client and the pool.
     */
    @Override
    public void close() {
        server.initiateShutdown();
        services.scheduler().shutdown();
        services.worker().shutdown();
        try {
            services.scheduler().awaitTermination(4, TimeUnit.SECONDS);
            services.worker().awaitTermination(4, TimeUnit.SECONDS);
            server.awaitShutdown(TimeValue.ofSeconds(1));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        server.close(CloseMode.IMMEDIATE);
        services.backend().close();
        if (store != null) {
            store.close();
        }
    }
}
