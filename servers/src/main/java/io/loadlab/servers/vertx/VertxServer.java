package io.loadlab.servers.vertx;

import io.loadlab.servers.RunningServer;
import io.loadlab.servers.ServerSettings;
import io.loadlab.servers.ServerSpec;
import io.loadlab.servers.domain.AsyncZipCodeStore;
import io.loadlab.servers.domain.ZipCodeStores;
import io.loadlab.servers.runtime.EventLoopOwner;
import io.loadlab.servers.runtime.ModelSettings;
import io.loadlab.servers.runtime.StartupChecks;
import io.loadlab.transport.NettyTransport;
import io.vertx.core.DeploymentOptions;
import io.vertx.core.Future;
import io.vertx.core.ThreadingModel;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.internal.VertxInternal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The vertx model: a {@link Vertx} with {@code --event-loops} event loops and as many {@link VertxServerVerticle}
 * instances, all listening on one port (Vert.x balances accepted connections across them). The reactive store uses
 * this same {@code Vertx}.
 */
final class VertxServer implements RunningServer, EventLoopOwner {
    private static final long START_TIMEOUT_SECONDS = 30;

    private final Vertx vertx;
    private final VertxShared shared;
    private final List<VertxServerVerticle> verticles;
    private final Map<String, Object> settings;

    private VertxServer(Vertx vertx, VertxShared shared, List<VertxServerVerticle> verticles, Map<String, Object> s) {
        this.vertx = vertx;
        this.shared = shared;
        this.verticles = verticles;
        this.settings = s;
    }

    static VertxServer start(ServerSpec spec) throws Exception {
        StartupChecks.requireBackend(spec.backendUrl());
        int loops = spec.loops();
        NettyTransport.Choice netty = spec.transport().resolve();
        NettyTransport runs = netty.runs();
        String transportNote = netty.note();
        io.vertx.core.transport.Transport vt = vertxTransport(runs);
        if (vt == null || !vt.available()) {
            // Netty can run it but Vert.x's own loader cannot: Vert.x's NIO, said in the settings
            transportNote = "Vert.x cannot run transport " + runs.id() + ": running on nio";
            runs = NettyTransport.NIO;
            vt = io.vertx.core.transport.Transport.NIO;
        }
        Vertx vertx = Vertx.builder()
                .with(new VertxOptions()
                        .setEventLoopPoolSize(loops)
                        // Vert.x's own blocked-thread warning stays on: an event loop blocked > 2 s is logged
                        .setBlockedThreadCheckInterval(1_000))
                .withTransport(vt)
                .build();
        AsyncZipCodeStore store = null;
        try {
            store = spec.dbUrl() == null ? null : ZipCodeStores.async(spec, vertx);
            VertxShared shared = new VertxShared(spec, store);
            List<VertxServerVerticle> verticles = new CopyOnWriteArrayList<>();
            // a negative port asks Vert.x for one random port shared by every server listening on that same value
            int listenPort = spec.port() == 0 ? -1 : spec.port();
            try {
                await(vertx.deployVerticle(
                        () -> {
                            VertxServerVerticle v = new VertxServerVerticle(shared, listenPort);
                            verticles.add(v);
                            return v;
                        },
                        new DeploymentOptions()
                                .setThreadingModel(ThreadingModel.EVENT_LOOP)
                                .setInstances(loops)));
            } catch (Exception e) {
                if (StartupChecks.isBindFailure(e)) {
                    throw StartupChecks.bindFailed(spec.host(), spec.port(), e);
                }
                throw e;
            }
            int port = verticles.get(0).actualPort();
            for (VertxServerVerticle v : verticles) {
                if (v.actualPort() != port) {
                    throw new IllegalStateException(
                            "verticles listen on different ports: " + port + " and " + v.actualPort());
                }
            }
            Map<String, Object> s = ServerSettings.base(spec, port);
            s.put("event_loops", loops);
            s.put("verticles", verticles.size());
            s.put("transport", runs.id());
            if (transportNote != null) {
                s.put("transport_note", transportNote);
            }
            s.put("backlog", spec.backlog());
            if (spec.backendUrl() != null) {
                s.put("backend_url", spec.backendUrl().toString());
                s.put("backend_client", "vertx HttpClient connections, per-verticle keep-alive pool");
                s.put("backend_max_connections", spec.backendConnections());
            }
            if (store != null) {
                s.put("db_pool", spec.dbPool());
                s.put("db", store.settings());
            }
            Map<String, Object> settings = Collections.unmodifiableMap(s);
            shared.settingsJson(ModelSettings.json(settings));
            return new VertxServer(vertx, shared, List.copyOf(verticles), settings);
        } catch (Exception | Error e) {
            if (store != null) {
                store.close();
            }
            vertx.close().await(5, TimeUnit.SECONDS);
            throw e;
        }
    }

    private static <T> T await(Future<T> f) throws Exception {
        return f.await(START_TIMEOUT_SECONDS, TimeUnit.SECONDS);
    }

    @Override
    public Map<String, Object> settings() {
        return settings;
    }

    @Override
    public List<ScheduledExecutorService> eventLoops() {
        return EventLoopOwner.of(((VertxInternal) vertx).nettyEventLoopGroup());
    }

    /** Stops accepting, lets in-flight requests finish (up to 4 s), then closes Vert.x and the store. */
    @Override
    public void close() {
        shared.stop();
        List<Future<Void>> shutdowns = new ArrayList<>();
        for (VertxServerVerticle v : verticles) {
            shutdowns.add(v.shutdown(4_000));
        }
        try {
            Future.join(shutdowns).await(5, TimeUnit.SECONDS);
        } catch (Exception e) {
            // best effort: the close below ends whatever is left
        }
        AsyncZipCodeStore store = shared.store();
        if (store != null) {
            store.close();
        }
        try {
            vertx.close().await(2, TimeUnit.SECONDS);
        } catch (Exception e) {
            // already stopping; nothing left to release
        }
    }

    /** Vert.x's own handle on a transport; null where its loader found none. */
    private static io.vertx.core.transport.Transport vertxTransport(NettyTransport t) {
        return switch (t) {
            case IO_URING -> io.vertx.core.transport.Transport.IO_URING;
            case EPOLL -> io.vertx.core.transport.Transport.EPOLL;
            case NIO -> io.vertx.core.transport.Transport.NIO;
        };
    }
}
