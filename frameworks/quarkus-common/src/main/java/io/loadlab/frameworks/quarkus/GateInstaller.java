package io.loadlab.frameworks.quarkus;

import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.http.impl.HttpServerImpl;
import io.vertx.core.impl.VertxInternal;
import io.vertx.core.net.impl.TCPServerBase;
import java.lang.reflect.Field;

/**
 * Puts a {@link ContractGate} into every connection Quarkus' HTTP server accepts: a handler on the listening channel
 * hands each new connection an installer, which adds the gate after Vert.x's response encoder once Vert.x has set
 * the connection up. Vert.x keeps the listening channel to itself, so it is read from its field.
 */
final class GateInstaller {
    private GateInstaller() {}

    /** Installs on every HTTP server of {@code vertx}; returns the port the first one listens on (0 if none). */
    static int install(Vertx vertx) {
        int port = 0;
        for (HttpServerImpl server : ((VertxInternal) vertx).sharedHttpServers().values()) {
            Channel listening = listeningChannel(server);
            if (listening != null && listening.pipeline().get(Acceptor.class) == null) {
                listening.pipeline().addFirst(new Acceptor());
            }
            port = port == 0 ? server.actualPort() : port;
        }
        return port;
    }

    @SuppressWarnings("unchecked")
    private static Channel listeningChannel(HttpServerImpl server) {
        try {
            Field f = TCPServerBase.class.getDeclaredField("bindFuture");
            f.setAccessible(true);
            Future<Channel> bound = (Future<Channel>) f.get(server);
            return bound == null ? null : bound.result();
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new IllegalStateException("cannot reach Vert.x's listening channel: " + e, e);
        }
    }

    /** On the listening channel: gives each accepted connection an {@link Installer} before Vert.x sets it up. */
    @ChannelHandler.Sharable
    private static final class Acceptor extends ChannelInboundHandlerAdapter {
        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            if (msg instanceof Channel child) {
                child.pipeline().addLast(new Installer());
            }
            ctx.fireChannelRead(msg);
        }
    }

    /** On a new connection: once Vert.x's handlers are in place, adds the gate after the encoder and leaves. */
    private static final class Installer extends ChannelInboundHandlerAdapter {
        @Override
        public void channelRegistered(ChannelHandlerContext ctx) {
            if (ctx.pipeline().get("httpEncoder") != null && ctx.pipeline().get(ContractGate.NAME) == null) {
                ctx.pipeline().addAfter("httpEncoder", ContractGate.NAME, new ContractGate());
            }
            ctx.pipeline().remove(this);
            ctx.fireChannelRegistered();
        }
    }
}
