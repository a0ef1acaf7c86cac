package io.loadlab.transport;

import io.loadlab.core.UserError;
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
import io.netty.channel.uring.IoUringIoHandler;
import io.netty.channel.uring.IoUringServerSocketChannel;
import io.netty.channel.uring.IoUringSocketChannel;
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

    /** The event loops' I/O handler. Only for an {@link #available()} transport. */
    public IoHandlerFactory ioHandlerFactory() {
        return switch (this) {
            case IO_URING -> IoUringIoHandler.newFactory();
            case EPOLL -> EpollIoHandler.newFactory();
            case NIO -> NioIoHandler.newFactory();
        };
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
