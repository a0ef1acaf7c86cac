package io.loadlab.loadgen;

import io.netty.channel.EventLoopGroup;
import io.netty.channel.IoHandlerFactory;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import java.util.concurrent.ThreadFactory;

/** The Netty transport of the load threads: native epoll when the platform has it, NIO otherwise. */
public enum Transport {
    EPOLL,
    NIO;

    /** Epoll when its native library loads, else NIO. */
    public static Transport best() {
        return Epoll.isAvailable() ? EPOLL : NIO;
    }

    EventLoopGroup newSingleThreadGroup(ThreadFactory threads) {
        IoHandlerFactory io = this == EPOLL ? EpollIoHandler.newFactory() : NioIoHandler.newFactory();
        return new MultiThreadIoEventLoopGroup(1, threads, io);
    }

    Class<? extends SocketChannel> channelClass() {
        return this == EPOLL ? EpollSocketChannel.class : NioSocketChannel.class;
    }

    @Override
    public String toString() {
        return name().toLowerCase();
    }
}
