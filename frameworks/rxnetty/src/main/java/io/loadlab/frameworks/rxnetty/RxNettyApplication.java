package io.loadlab.frameworks.rxnetty;

import io.loadlab.frameworks.common.AppEnv;
import io.loadlab.frameworks.common.DbTarget;
import io.loadlab.frameworks.common.JdbcZipCodeStore;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.reactivex.netty.protocol.http.server.HttpServer;
import java.net.InetSocketAddress;
import java.sql.SQLException;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * Starts the application from {@code LOADLAB_*} environment variables only (see frameworks/README.md): RxNetty's
 * HTTP server on RxNetty's shared event loops ({@link EventLoops}: {@code LOADLAB_EVENT_LOOPS}, default one per usable
 * CPU, as RxNetty's own default), the accept backlog {@code LOADLAB_BACKLOG}, connections closed after 30 s idle
 * ({@link IdleConnections}), with its pipeline's parse failures answered as the contract says (see {@link
 * ContractPipeline}).
 */
public final class RxNettyApplication implements AutoCloseable {
    private final HttpServer<ByteBuf, ByteBuf> server;
    private final ContractHandler handler;
    private final JdbcZipCodeStore store;
    private final AppSettings settings;

    private RxNettyApplication(
            HttpServer<ByteBuf, ByteBuf> server, ContractHandler handler, JdbcZipCodeStore store, AppSettings s) {
        this.server = server;
        this.handler = handler;
        this.store = store;
        this.settings = s;
    }

    public static void main(String[] args) {
        RxNettyApplication app;
        try {
            app = start(AppEnv.fromSystem());
        } catch (IllegalArgumentException | SQLException e) {
            System.err.println("loadlab rxnetty: " + e.getMessage());
            System.exit(2);
            return;
        }
        Runtime.getRuntime().addShutdownHook(new Thread(app::close, "stop-rxnetty"));
        System.out.println(app.settings.json());
        System.err.println("loadlab rxnetty: listening on http://" + app.settings.host() + ":" + app.port());
        app.server.awaitShutdown();
    }

    /** Runs the application configured by {@code env}; returns once it listens. */
    public static RxNettyApplication start(AppEnv env) throws SQLException {
        EventLoopGroup loops = EventLoops.shared(env.eventLoops("LOADLAB_EVENT_LOOPS"));
        Duration idle = Duration.ofMillis(env.idleTimeoutMillis());
        DbTarget db = env.db();
        JdbcZipCodeStore store = db == null ? null : new JdbcZipCodeStore(db, env.dbPool());
        BackendClient backend = new BackendClient(env.backendUrl(), env.httpClientConnections());
        AppSettings settings = new AppSettings(env, EventLoops.count(loops), env.backlog(), idle, backend, store == null ? null : store.serverVersion());
        ContractHandler handler = new ContractHandler(backend, new ZipCodes(store), settings);
        HttpServer<ByteBuf, ByteBuf> server;
        try {
            server = HttpServer.newServer(
                            new InetSocketAddress(env.host(), env.port()), loops, NioServerSocketChannel.class)
                    .channelOption(ChannelOption.SO_BACKLOG, env.backlog())
                    .<ByteBuf, ByteBuf>pipelineConfigurator(p -> ContractPipeline.configure(p, idle))
                    .start(handler);
        } catch (RuntimeException e) {
            if (store != null) {
                store.close();
            }
            throw e;
        }
        settings.listening(server.getServerPort());
        return new RxNettyApplication(server, handler, store, settings);
    }

    public int port() {
        return settings.port();
    }

    public String model() {
        return AppSettings.MODEL;
    }

    /**
     * Lets the requests in flight finish (a few seconds at most), then stops: RxNetty's shutdown closes every
     * connection at once, answered or not.
     */
    @Override
    public void close() {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(4);
        while (handler.inFlight() > 0 && System.nanoTime() < deadline) {
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        server.shutdown(); // the event loops are RxNetty's, shared by the process: they stay
        if (store != null) {
            store.close();
        }
    }
}
