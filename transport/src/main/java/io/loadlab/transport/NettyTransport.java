package io.loadlab.transport;

import io.loadlab.core.UserError;
import io.netty.bootstrap.AbstractBootstrap;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.IoHandlerFactory;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.ServerSocketChannel;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.channel.uring.IoUring;
import io.netty.channel.uring.IoUringAdaptiveBufferRingAllocator;
import io.netty.channel.uring.IoUringBufferRingConfig;
import io.netty.channel.uring.IoUringChannelOption;
import io.netty.channel.uring.IoUringIoHandler;
import io.netty.channel.uring.IoUringIoHandlerConfig;
import io.netty.channel.uring.IoUringServerSocketChannel;
import io.netty.channel.uring.IoUringSocketChannel;
import io.netty.util.ResourceLeakDetector;
import java.util.Locale;

/**
 * A Netty transport: {@link #IO_URING} (Linux 5.14+, Netty's {@code netty-transport-native-io_uring}), {@link #EPOLL}
 * (Linux) or {@link #NIO} (the JDK's selector, everywhere). Each one names its event-loop I/O handler and its socket
 * channel classes; {@link #resolve()} falls back to the next one down where this one is unavailable.
 */
public enum NettyTransport {
    IO_URING("io_uring"),
    EPOLL("epoll"),
    NIO("nio");

    /** Netty's switch for {@code IORING_ENTER_NO_IOWAIT}; off unless set before its io_uring classes load. */
    static final String NO_IOWAIT = "io.netty.iouring.enterNoIoWaitEnabled";

    static {
        // An io_uring event loop waits for completions inside io_uring_enter, which the kernel counts as iowait unless
        // told not to (IORING_ENTER_NO_IOWAIT, Linux 6.15+). The lab reads every core's idle and iowait: an idle load
        // generator would look busy and its waits would pass for a disk's. Set here, before IoUring is first touched.
        if (System.getProperty(NO_IOWAIT) == null) {
            System.setProperty(NO_IOWAIT, "true");
        }
    }

    private final String id;

    NettyTransport(String id) {
        this.id = id;
    }

    /** The name a flag, a suite and the settings use: {@code io_uring}, {@code epoll} or {@code nio}. */
    public String id() {
        return id;
    }

    @Override
    public String toString() {
        return id;
    }

    /** The names {@link #parse} takes, for help texts. */
    public static final String NAMES = "io_uring, epoll or nio";

    /** What happens where a host refuses the chosen transport, for help texts. */
    public static final String FALLBACK = "where this host cannot run it, the next one down runs and a note says why";

    /** {@code io_uring} (or {@code io-uring}), {@code epoll} or {@code nio}, any case; anything else is a {@link UserError}. */
    public static NettyTransport parse(String name) {
        String n = name == null ? "" : name.trim().toLowerCase(Locale.ROOT).replace('-', '_');
        for (NettyTransport t : values()) {
            if (t.id.equals(n)) {
                return t;
            }
        }
        throw new UserError("unknown transport '" + name + "': use " + NAMES);
    }

    /** Epoll where Linux gives it, NIO elsewhere: what loadlab's processes ran on before the choice existed. */
    public static NettyTransport platformDefault() {
        return EPOLL.available() ? EPOLL : NIO;
    }

    /** True when this process can run it: its native library loaded and, for io_uring, the kernel allows a ring. */
    public boolean available() {
        return switch (this) {
            case IO_URING -> IoUring.isAvailable();
            case EPOLL -> Epoll.isAvailable();
            case NIO -> true;
        };
    }

    /** Why it is unavailable, in one line; null when it is available. */
    public String unavailableReason() {
        if (available()) {
            return null;
        }
        Throwable cause = switch (this) {
            case IO_URING -> IoUring.unavailabilityCause();
            case EPOLL -> Epoll.unavailabilityCause();
            case NIO -> null;
        };
        while (cause != null && cause.getCause() != null && cause.getMessage() == null) {
            cause = cause.getCause();
        }
        String why = cause == null || cause.getMessage() == null
                ? "not available on this platform"
                : cause.getMessage().lines().findFirst().orElse("").trim();
        return why.isEmpty() ? "not available on this platform" : why;
    }

    /**
     * The transport a process asking for this one runs on: this one when available, else the best available one below
     * it (io_uring → epoll → nio), with a one-line note that says what was asked, what runs and why. io_uring counts as
     * available only where its waits are not iowait ({@link #NO_IOWAIT}).
     */
    public Choice resolve() {
        if (available() && (this != IO_URING || IoUring.isIoringEnterNoIoWaitEnabled())) {
            return new Choice(this, this, null);
        }
        NettyTransport next = this == IO_URING && EPOLL.available() ? EPOLL : NIO;
        String why = available()
                ? "its idle waits would count as iowait: the kernel lacks IORING_ENTER_NO_IOWAIT (Linux 6.15+), and the"
                        + " lab's CPU checks would read an idle core as busy"
                : unavailableReason();
        return new Choice(this, next, "transport " + id + " unavailable (" + why + "): running on " + next.id);
    }

    /**
     * What was asked and what runs.
     *
     * @param note null when {@code runs == asked}; otherwise the one-line reason for the fallback
     */
    public record Choice(NettyTransport asked, NettyTransport runs, String note) {}

    /** Netty's leak detector level, as a system property; {@link #leakDetectorOff} leaves a set one alone. */
    private static final String LEAK_DETECTION = "io.netty.leakDetection.level";

    /**
     * Switches Netty's sampled leak detector off in the lab's own processes (the load generator, the backend), whose
     * CPU the measurement needs: it wraps every 128th buffer and records a stack trace at each of its touches. Set
     * {@code -Dio.netty.leakDetection.level} (as the tests do) and it stays as set. The servers keep Netty's default.
     */
    public static void leakDetectorOff() {
        if (System.getProperty(LEAK_DETECTION) == null) {
            ResourceLeakDetector.setLevel(ResourceLeakDetector.Level.DISABLED);
        }
    }

    /**
     * Completion-queue entries of the lab's own io_uring loops: room for a completion from each of 10,000+ connections
     * at once. Netty's default (4,096) overflowed at 10,000 backend connections, which costs a trip through the
     * kernel's overflow list and logs a warning each time.
     */
    private static final int LAB_CQ_SIZE = 32_768;

    /**
     * Whether the lab's own io_uring loops read from a provided-buffer ring; {@code -Dloadlab.ringReads=false} turns it
     * off. On (2 cores, 10,000 connections through the 50 ms backend, three alternations each way): the load
     * generator used 34–36% of its core at 25–28k req/s with it, 38–39% without; the backend's share did not move.
     */
    static final boolean RING_READS = Boolean.parseBoolean(System.getProperty("loadlab.ringReads", "true"));

    /** The buffer group of the ring {@link #labIoHandlerFactory} gives an io_uring loop. */
    private static final short RING_GROUP = 1;

    /** Buffers in that ring: completions a loop can hold unprocessed before reads fall back to their own buffers. */
    private static final short RING_SIZE = 4096;

    /** Buffers the ring is refilled with at a time. */
    private static final int RING_BATCH = 64;

    /** The event loops' I/O handler, Netty's defaults (the servers'). Only for an {@link #available()} transport. */
    public IoHandlerFactory ioHandlerFactory() {
        return switch (this) {
            case IO_URING -> IoUringIoHandler.newFactory();
            case EPOLL -> EpollIoHandler.newFactory();
            case NIO -> NioIoHandler.newFactory();
        };
    }

    /**
     * The I/O handler of the lab's own loops (the load generator's, the backend's). On io_uring its completion queue
     * holds {@link #LAB_CQ_SIZE} entries; with {@link #RING_READS} the loop also owns a ring of provided buffers that
     * the channels given {@link #readFromRing} read into by multishot receive: one receive stays armed for a
     * connection's life instead of one submitted, tried and armed again per read. Other transports:
     * {@link #ioHandlerFactory()}.
     */
    public IoHandlerFactory labIoHandlerFactory() {
        return labIoHandlerFactory(RING_READS);
    }

    IoHandlerFactory labIoHandlerFactory(boolean ringReads) {
        if (this != IO_URING) {
            return ioHandlerFactory();
        }
        IoUringIoHandlerConfig config = new IoUringIoHandlerConfig().setCqSize(LAB_CQ_SIZE);
        if (ringReads) {
            config.setBufferRingConfig(IoUringBufferRingConfig.builder()
                    .bufferGroupId(RING_GROUP)
                    .bufferRingSize(RING_SIZE)
                    .batchSize(RING_BATCH)
                    .allocator(new IoUringAdaptiveBufferRingAllocator())
                    .build());
        }
        return IoUringIoHandler.newFactory(config);
    }

    /**
     * Makes the channels of {@code bootstrap} read from the ring of a loop made by {@link #labIoHandlerFactory} when
     * {@link #RING_READS}; otherwise, and on other transports, leaves it unchanged.
     */
    public <B extends AbstractBootstrap<B, ?>> B readFromRing(B bootstrap) {
        return readFromRing(bootstrap, RING_READS);
    }

    <B extends AbstractBootstrap<B, ?>> B readFromRing(B bootstrap, boolean ringReads) {
        if (this == IO_URING && ringReads) {
            bootstrap.option(IoUringChannelOption.IO_URING_BUFFER_GROUP_ID, RING_GROUP);
        }
        return bootstrap;
    }

    /** As {@link #readFromRing(AbstractBootstrap)}, for the channels a server accepts. */
    public ServerBootstrap childrenReadFromRing(ServerBootstrap bootstrap) {
        return childrenReadFromRing(bootstrap, RING_READS);
    }

    ServerBootstrap childrenReadFromRing(ServerBootstrap bootstrap, boolean ringReads) {
        if (this == IO_URING && ringReads) {
            bootstrap.childOption(IoUringChannelOption.IO_URING_BUFFER_GROUP_ID, RING_GROUP);
        }
        return bootstrap;
    }

    /** The client socket channel class. */
    public Class<? extends SocketChannel> socketChannel() {
        return switch (this) {
            case IO_URING -> IoUringSocketChannel.class;
            case EPOLL -> EpollSocketChannel.class;
            case NIO -> NioSocketChannel.class;
        };
    }

    /** The listening socket channel class. */
    public Class<? extends ServerSocketChannel> serverSocketChannel() {
        return switch (this) {
            case IO_URING -> IoUringServerSocketChannel.class;
            case EPOLL -> EpollServerSocketChannel.class;
            case NIO -> NioServerSocketChannel.class;
        };
    }
}
