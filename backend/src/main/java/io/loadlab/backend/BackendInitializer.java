package io.loadlab.backend;

import io.loadlab.core.ContractLimits;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.codec.http.HttpDecoderConfig;
import io.netty.handler.codec.http.HttpRequestDecoder;

/**
 * A request decoder and the connection's handler: no aggregator and no response encoder, since every answer is a
 * pre-encoded byte array.
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
        int maxHeaders = (int) ContractLimits.MAX_HEADER_SIZE.bytes();
        ch.pipeline()
                .addLast(
                        "decoder",
                        new HttpRequestDecoder(new HttpDecoderConfig()
                                .setMaxInitialLineLength(maxHeaders)
                                .setMaxHeaderSize(maxHeaders)))
                .addLast("handler", new BackendHandler(responses, counters, delays, line));
    }
}
