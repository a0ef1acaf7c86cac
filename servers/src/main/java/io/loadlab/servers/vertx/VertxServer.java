package io.loadlab.servers.vertx;

import io.loadlab.core.settings.Limit;
import io.loadlab.core.settings.ServerSettings;
import io.loadlab.core.settings.SettingsJson;
import io.loadlab.servers.ReferenceSettings;
import io.loadlab.servers.RunningServer;
import io.loadlab.servers.ServerSpec;
import io.loadlab.servers.domain.AsyncZipCodeStore;
import io.loadlab.servers.domain.ZipCodeStores;
import io.loadlab.servers.runtime.EventLoopOwner;
import io.loadlab.servers.runtime.StartupChecks;
import io.loadlab.transport.NettyTransport;
import io.vertx.core.DeploymentOptions;
import io.vertx.core.Future;
import io.vertx.core.ThreadingModel;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.internal.VertxInternal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
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
    private final ServerSettings settings;

    private VertxServer(Vertx vertx, VertxShared shared, List<VertxServerVerticle> verticles, ServerSettings s) {
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
            ServerSettings settings = ReferenceSettings.begin(
                            spec, port, ReferenceSettings.version("Vert.x", "io.vertx", "vertx-core"))
                    .threads(new ServerSettings.Threads("event-loop", Limit.of(loops), loops, 0, Limit.of(0)))
                    .database(ReferenceSettings.database(
                            spec, ReferenceSettings.REACTIVE_PG, store == null ? null : store.serverVersion()))
                    .backendClient(
                            ReferenceSettings.backendClient(spec, "Vert.x HttpClient, per-verticle keep-alive pool"))
                    .own("verticles", verticles.size())
                    .own("transport", runs.id())
                    .own("transport_note", transportNote)
                    .build();
            shared.settingsJson(SettingsJson.write(settings).getBytes(StandardCharsets.UTF_8));
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
    public ServerSettings settings() {
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
