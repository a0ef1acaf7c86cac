package io.loadlab.frameworks.rxnetty;

import io.loadlab.frameworks.common.AppEnv;
import io.loadlab.frameworks.common.DbTarget;
import io.loadlab.frameworks.common.JdbcZipCodeStore;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelOption;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.reactivex.netty.protocol.http.server.HttpServer;
import java.net.InetSocketAddress;
import java.sql.SQLException;
import java.util.concurrent.TimeUnit;

/**
 * Starts the application from {@code LOADLAB_*} environment variables only (see frameworks/README.md): RxNetty's
 * HTTP server on {@code LOADLAB_EVENT_LOOPS} Netty event loops (default Netty's: twice the CPUs), the accept backlog
 * {@code LOADLAB_BACKLOG} (default Netty's, the system's somaxconn), with its
 * pipeline's parse failures answered as the contract says (see {@link ContractPipeline}).
 */
public final class RxNettyApplication implements AutoCloseable {
    private final HttpServer<ByteBuf, ByteBuf> server;
    private final ContractHandler handler;
    private final NioEventLoopGroup loops;
    private final JdbcZipCodeStore store;
    private final AppSettings settings;

    private RxNettyApplication(
            HttpServer<ByteBuf, ByteBuf> server,
            ContractHandler handler,
            NioEventLoopGroup loops,
            JdbcZipCodeStore store,
            AppSettings s) {
        this.server = server;
        this.handler = handler;
        this.loops = loops;
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
        int loopCount = env.integer("LOADLAB_EVENT_LOOPS", 0);
        NioEventLoopGroup loops = loopCount > 0 ? new NioEventLoopGroup(loopCount) : new NioEventLoopGroup();
        DbTarget db = env.db();
        JdbcZipCodeStore store = db == null ? null : new JdbcZipCodeStore(db, env.dbPool());
        BackendClient backend = new BackendClient(env.backendUrl());
        AppSettings settings = new AppSettings(env, loops.executorCount(), backend, store);
        ContractHandler handler = new ContractHandler(backend, new ZipCodes(store), settings);
        HttpServer<ByteBuf, ByteBuf> server = HttpServer.newServer(
                        new InetSocketAddress(env.host(), env.port()), loops, NioServerSocketChannel.class)
                .channelOption(ChannelOption.SO_BACKLOG, settings.backlog())
                .<ByteBuf, ByteBuf>pipelineConfigurator(ContractPipeline::configure)
                .start(handler);
        settings.port(server.getServerPort());
        return new RxNettyApplication(server, handler, loops, store, settings);
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
        server.shutdown();
        loops.shutdownGracefully(0, 4, TimeUnit.SECONDS).awaitUninterruptibly(5, TimeUnit.SECONDS);
        if (store != null) {
            store.close();
        }
    }
}
