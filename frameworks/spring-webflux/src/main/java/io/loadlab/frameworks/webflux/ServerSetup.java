package io.loadlab.frameworks.webflux;

import org.springframework.boot.reactor.netty.NettyServerCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import reactor.netty.NettyPipeline;

/** Reactor Netty as the contract wants it: malformed and oversized requests answered by {@link MalformedRequests}. */
@Configuration(proxyBeanMethods = false)
class ServerSetup {
    @Bean
    NettyServerCustomizer malformedRequests() {
        return server -> server.doOnChannelInit((observer, channel, address) -> {
                    if (channel.pipeline().get(NettyPipeline.HttpCodec) != null) {
                        channel.pipeline()
                                .addAfter(NettyPipeline.HttpCodec, "loadlab.malformed", MalformedRequests.INSTANCE);
                    }
                });
    }
}
