package io.loadlab.backend;

import io.loadlab.core.Defaults;
import io.loadlab.core.UserError;
import io.loadlab.core.unit.Duration;
import io.loadlab.transport.NettyTransport;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;

/**
 * The slow downstream service: {@code GET /hello} answers {@code Hello, World!} after a delay, on ONE event-loop
 * thread that both accepts and serves, never blocking (the delay is a task scheduled on the loop), on the Netty
 * transport its spec names (epoll by default; the next one down where this host cannot run it, with a note).
 */
public final class BackendServer implements RunningBackend {
    private final BackendSpec spec;
    private final EventLoopGroup group;
    private final Channel serverChannel;
    private final BackendCounters counters;
    private final NettyTransport.Choice transport;
    private boolean closed;

    private BackendServer(
            BackendSpec spec,
            EventLoopGroup group,
            Channel serverChannel,
            BackendCounters counters,
            NettyTransport.Choice transport) {
        this.spec = spec;
        this.group = group;
        this.serverChannel = serverChannel;
        this.counters = counters;
        this.transport = transport;
    }

    /**
     * Binds and starts serving; returns once the port is bound. A port in use is a {@link UserError} whose message
     * says how to fix it.
     */
    public static RunningBackend start(BackendSpec spec) {
        NettyTransport.Choice transport = spec.transport().resolve();
        NettyTransport t = transport.runs();
        NettyTransport.leakDetectorOff();
        EventLoopGroup group = new MultiThreadIoEventLoopGroup(
                1, new DefaultThreadFactory("backend-loop", true), t.labIoHandlerFactory());
        BackendCounters counters = new BackendCounters();
        ServerBootstrap b = t.childrenReadFromRing(new ServerBootstrap())
                .group(group)
                .channel(t.serverSocketChannel())
                .option(ChannelOption.SO_BACKLOG, spec.backlog())
                .option(ChannelOption.SO_REUSEADDR, true)
                .childOption(ChannelOption.TCP_NODELAY, true)
                .childHandler(new BackendInitializer(counters, new ScheduledDelay(spec.delays())));
        try {
            Channel ch = b.bind(new InetSocketAddress(spec.host(), spec.port()))
                    .syncUninterruptibly()
                    .channel();
            return new BackendServer(spec, group, ch, counters, transport);
        } catch (Exception e) { // Netty rethrows the bind's IOException unchecked
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
            throw bindError(spec, e);
        }
    }

    private static RuntimeException bindError(BackendSpec spec, Exception e) {
        Throwable t = e;
        String m = String.valueOf(e.getMessage());
        if (t instanceof BindException || m.contains("Address already in use")) {
            return new UserError("port " + spec.port() + " is in use; choose another with --port or 0 for a free one");
        }
        if (m.contains("Cannot assign requested address") || m.contains("unresolved")) {
            return new UserError("cannot listen on " + spec.host() + ": " + m + "; choose a local address with --host");
        }
        return new UserError("cannot listen on " + spec.host() + ":" + spec.port() + ": " + e);
    }

    @Override
    public String host() {
        return spec.host();
    }

    @Override
    public int port() {
        return ((InetSocketAddress) serverChannel.localAddress()).getPort();
    }

    @Override
    public Duration delay() {
        return spec.delay();
    }

    @Override
    public DelaySchedule schedule() {
        return spec.delays();
    }

    @Override
    public String transport() {
        return transport.runs().id();
    }

    @Override
    public String transportNote() {
        return transport.note();
    }

    @Override
    public long requests() {
        return counters.requests();
    }

    /** Delayed answers scheduled and not yet due. */
    long pendingForTest() {
        return counters.pending();
    }

    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        serverChannel.close().syncUninterruptibly();
        long graceMs = Math.min(Defaults.GRACEFUL_STOP.toMillis(), spec.delay().toMillis() + 1000);
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(graceMs);
        while (counters.pending() > 0 && System.nanoTime() < deadline) {
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }

    @Override
    public String toString() {
        return "backend at " + url() + " (delay " + spec.delay() + ", " + transport + ")";
    }
}
