package io.loadlab.frameworks.webflux;

import io.loadlab.frameworks.common.AppEnv;
import io.netty.channel.ChannelOption;
import io.netty.util.NetUtil;
import org.springframework.boot.reactor.netty.NettyServerCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import reactor.netty.NettyPipeline;

/**
 * Reactor Netty as the contract wants it: malformed and oversized requests answered by {@link MalformedRequests};
 * the accept backlog {@code LOADLAB_BACKLOG} when a suite sets it (the knob every model shares), else Netty's own
 * (the kernel's {@code somaxconn}).
 */
@Configuration(proxyBeanMethods = false)
class ServerSetup {
    static final String BACKLOG = "LOADLAB_BACKLOG";

    @Bean
    NettyServerCustomizer malformedRequests(AppEnv env) {
        int backlog = env.integer(BACKLOG, 0);
        return server -> {
            var s = server.doOnChannelInit((observer, channel, address) -> {
                if (channel.pipeline().get(NettyPipeline.HttpCodec) != null) {
                    channel.pipeline()
                            .addAfter(NettyPipeline.HttpCodec, "loadlab.malformed", MalformedRequests.INSTANCE);
                }
            });
            return backlog > 0 ? s.option(ChannelOption.SO_BACKLOG, backlog) : s;
        };
    }

    /** The accept backlog the server listens with. */
    static int backlog(AppEnv env) {
        int backlog = env.integer(BACKLOG, 0);
        return backlog > 0 ? backlog : NetUtil.SOMAXCONN;
    }
}
