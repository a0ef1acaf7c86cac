package io.loadlab.servers.netty;

import io.loadlab.core.ContractLimits;
import io.loadlab.core.settings.Limit;
import io.loadlab.core.settings.ServerSettings;
import io.loadlab.core.settings.SettingsJson;
import io.loadlab.servers.ReferenceSettings;
import io.loadlab.servers.RunningServer;
import io.loadlab.servers.ServerSpec;
import io.loadlab.servers.domain.AsyncZipCodeStore;
import io.loadlab.servers.domain.ZipCodeStores;
import io.loadlab.servers.runtime.BackendConnections;
import io.loadlab.servers.runtime.Drain;
import io.loadlab.servers.runtime.EventLoopOwner;
import io.loadlab.servers.runtime.StartupChecks;
import io.loadlab.transport.NettyTransport;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.ssl.ApplicationProtocolConfig;
import io.netty.handler.ssl.ApplicationProtocolNames;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.netty.util.concurrent.GlobalEventExecutor;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The netty model: a one-thread acceptor group hands connections to a {@link MultiThreadIoEventLoopGroup} of
 * {@code --event-loops} threads (on {@code --transport}: epoll by default, io_uring or NIO) that serves them; the backend client and every
 * timer run on those same loops. Nothing on a loop ever blocks.
 */
final class NettyServer implements RunningServer, EventLoopOwner {
    static final int MAX_LINE_AND_HEADERS = (int) ContractLimits.MAX_HEADER_SIZE.bytes();

    /** The one thread that accepts connections and hands them to the event loops. */
    private static final int ACCEPTOR_THREADS = 1;

    private final EventLoopGroup acceptor;
    private final EventLoopGroup group;
    private final Channel serverChannel;
    private final ChannelGroup connections;
    private final AsyncZipCodeStore store;
    private final ServerSettings settings;

    private NettyServer(
            EventLoopGroup acceptor,
            EventLoopGroup group,
            Channel serverChannel,
            ChannelGroup connections,
            AsyncZipCodeStore store,
            ServerSettings settings) {
        this.acceptor = acceptor;
        this.group = group;
        this.serverChannel = serverChannel;
        this.connections = connections;
        this.store = store;
        this.settings = settings;
    }

    static NettyServer start(ServerSpec spec) {
        StartupChecks.requireBackend(spec.backendUrl());
        NettyTransport.Choice transport = spec.transport().resolve();
        NettyTransport t = transport.runs();
        var io = t.ioHandlerFactory();
        var serverType = t.serverSocketChannel();
        var clientType = t.socketChannel();

        AsyncZipCodeStore store = spec.dbUrl() == null ? null : ZipCodeStores.async(spec, null);
        EventLoopGroup acceptor =
                new MultiThreadIoEventLoopGroup(ACCEPTOR_THREADS, new DefaultThreadFactory("netty-accept"), io);
        EventLoopGroup group =
                new MultiThreadIoEventLoopGroup(spec.loops(), new DefaultThreadFactory("netty-loop"), io);
        ChannelGroup connections = new DefaultChannelGroup(GlobalEventExecutor.INSTANCE);
        try {
            SslContextBuilder tlsBuilder = spec.tls() == null
                    ? null
                    : SslContextBuilder.forServer(spec.tls().keyManagers());
            if (tlsBuilder != null && spec.http2()) {
                tlsBuilder.applicationProtocolConfig(new ApplicationProtocolConfig(
                        ApplicationProtocolConfig.Protocol.ALPN,
                        ApplicationProtocolConfig.SelectorFailureBehavior.NO_ADVERTISE,
                        ApplicationProtocolConfig.SelectedListenerFailureBehavior.ACCEPT,
                        ApplicationProtocolNames.HTTP_2,
                        ApplicationProtocolNames.HTTP_1_1));
            }
            SslContext tls = tlsBuilder == null ? null : tlsBuilder.build();
            NettyBackendClient backend = spec.backendUrl() == null
                    ? null
                    : new NettyBackendClient(
                            spec.backendUrl(),
                            clientType,
                            BackendConnections.perLoop(spec.backendConnections(), spec.loops()));
            SettingsHolder holder = new SettingsHolder();
            NettyEndpoints endpoints = new NettyEndpoints(holder, backend, store);
            Channel ch;
            try {
                ch = new ServerBootstrap()
                        .group(acceptor, group)
                        .channel(serverType)
                        .option(ChannelOption.SO_BACKLOG, spec.backlog())
                        .option(ChannelOption.SO_REUSEADDR, true)
                        .childOption(ChannelOption.TCP_NODELAY, true)
                        .childHandler(new ChannelInitializer<SocketChannel>() {
                            @Override
                            protected void initChannel(SocketChannel c) {
                                connections.add(c);
                                if (tls != null) {
                                    c.pipeline().addLast(tls.newHandler(c.alloc()));
                                }
                                if (!spec.http2()) {
                                    NettyHttp2.http1(c.pipeline(), endpoints);
                                } else if (tls != null) {
                                    c.pipeline().addLast(new NettyHttp2.Alpn(endpoints));
                                } else {
                                    c.pipeline().addLast(new NettyHttp2.Sniffer(endpoints));
                                }
                            }
                        })
                        .bind(spec.host(), spec.port())
                        .sync()
                        .channel();
            } catch (Exception e) {
                if (StartupChecks.isBindFailure(e)) {
                    throw StartupChecks.bindFailed(spec.host(), spec.port(), e);
                }
                throw e;
            }
            int port = ((InetSocketAddress) ch.localAddress()).getPort();
            ServerSettings settings = ReferenceSettings.begin(
                            spec, port, ReferenceSettings.version("Netty", "io.netty", "netty-codec-http"))
                    .threads(new ServerSettings.Threads(
                            "event-loop", Limit.of(spec.loops()), spec.loops(), ACCEPTOR_THREADS, Limit.of(0)))
                    .database(ReferenceSettings.database(
                            spec, ReferenceSettings.REACTIVE_PG, store == null ? null : store.serverVersion()))
                    .backendClient(ReferenceSettings.backendClient(spec, "Netty, per-event-loop keep-alive pool"))
                    .own("transport", t.id())
                    .own("transport_note", transport.note())
                    .build();
            holder.set(SettingsJson.write(settings).getBytes(StandardCharsets.UTF_8));
            return new NettyServer(acceptor, group, ch, connections, store, settings);
        } catch (RuntimeException | Error e) {
            cleanUp(acceptor, group, store);
            throw e;
        } catch (Exception e) {
            cleanUp(acceptor, group, store);
            throw new IllegalStateException(e);
        }
    }

    private static void cleanUp(EventLoopGroup acceptor, EventLoopGroup group, AsyncZipCodeStore store) {
        acceptor.shutdownGracefully(0, 1, TimeUnit.SECONDS);
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS);
        if (store != null) {
            store.close();
        }
    }

    @Override
    public ServerSettings settings() {
        return settings;
    }

    @Override
    public List<ScheduledExecutorService> eventLoops() {
        return EventLoopOwner.of(group);
    }

    /** Stops accepting, lets in-flight requests finish (up to about 4 s), then stops the loops. */
    @Override
    public void close() {
        serverChannel.close().awaitUninterruptibly();
        acceptor.shutdownGracefully(0, 200, TimeUnit.MILLISECONDS);
        for (Channel c : connections) {
            c.eventLoop().execute(() -> {
                NettyHttpHandler h = c.pipeline().get(NettyHttpHandler.class);
                if (h != null) {
                    h.stop();
                } else {
                    c.close();
                }
            });
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(4);
        Drain.await(connections, deadline, c -> {});
        connections.close().awaitUninterruptibly(500, TimeUnit.MILLISECONDS);
        group.shutdownGracefully(0, 500, TimeUnit.MILLISECONDS).awaitUninterruptibly(1, TimeUnit.SECONDS);
        if (store != null) {
            store.close();
        }
    }
}
