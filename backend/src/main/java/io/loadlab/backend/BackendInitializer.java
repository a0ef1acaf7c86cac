package io.loadlab.backend;

import io.netty.channel.ChannelInitializer;
import io.netty.channel.socket.SocketChannel;

/**
 * One handler per connection, reading the bytes itself ({@link RequestParser}): no decoder, no aggregator and no
 * response encoder, since every answer is a pre-encoded byte array.
 */
final class BackendInitializer extends ChannelInitializer<SocketChannel> {
    private final BackendResponses responses = new BackendResponses();
    private final BackendCounters counters;
    private final ScheduledDelay delays;
    private final DelayLine line = new DelayLine();

    BackendInitializer(BackendCounters counters, ScheduledDelay delays) {
        this.counters = counters;
        this.delays = delays;
    }

    @Override
    protected void initChannel(SocketChannel ch) {
        ch.pipeline().addLast("handler", new BackendHandler(responses, counters, delays, line));
    }
}
