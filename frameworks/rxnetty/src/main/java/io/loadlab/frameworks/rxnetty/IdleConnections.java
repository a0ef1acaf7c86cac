package io.loadlab.frameworks.rxnetty;

import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.timeout.IdleState;
import io.netty.handler.timeout.IdleStateEvent;
import io.netty.handler.timeout.IdleStateHandler;
import io.netty.util.AttributeKey;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Closes a connection that has neither read nor written for the idle timeout while no request on it is being
 * answered: RxNetty 0.5's server has no idle timeout of its own, so this is Netty's {@link IdleStateHandler} in its
 * pipeline. A request that waits longer than the timeout (a long {@code /delay}) keeps its connection; the handler
 * looks again one timeout later.
 */
final class IdleConnections extends IdleStateHandler {
    /** The requests a connection is answering, counted by the {@link ContractHandler}. */
    private static final AttributeKey<AtomicInteger> IN_FLIGHT = AttributeKey.valueOf("loadlab-in-flight");

    private final Duration timeout;

    IdleConnections(Duration timeout) {
        super(0, 0, timeout.toMillis(), TimeUnit.MILLISECONDS);
        this.timeout = timeout;
    }

    Duration timeout() {
        return timeout;
    }

    /** The counter of the requests {@code channel} is answering. */
    static AtomicInteger inFlight(Channel channel) {
        AtomicInteger n = channel.attr(IN_FLIGHT).get();
        if (n == null) {
            AtomicInteger fresh = new AtomicInteger();
            n = channel.attr(IN_FLIGHT).setIfAbsent(fresh);
            if (n == null) {
                n = fresh;
            }
        }
        return n;
    }

    @Override
    protected void channelIdle(ChannelHandlerContext ctx, IdleStateEvent event) {
        if (event.state() == IdleState.ALL_IDLE && inFlight(ctx.channel()).get() == 0) {
            ctx.close();
        }
    }
}
