package io.loadlab.frameworks.webflux;

import io.loadlab.frameworks.common.AppEnv;
import io.netty.channel.ChannelOption;
import java.time.Duration;
import org.springframework.boot.reactor.netty.NettyReactiveWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.core.Ordered;
import org.springframework.stereotype.Component;
import reactor.netty.NettyPipeline;
import reactor.netty.http.server.HttpServer;
import reactor.netty.http.server.HttpServerConfig;

/**
 * Reactor Netty as the contract wants it and as every model runs: malformed and oversized requests answered by {@link
 * MalformedRequests}; the accept backlog {@code LOADLAB_BACKLOG} (Netty's own is the kernel's {@code somaxconn}); an
 * idle connection closed after every model's idle timeout (Reactor Netty's default never closes one); no cap on a
 * connection's requests (Reactor Netty's default). Its server customizer is added last, so that the configuration it
 * keeps ({@link #server}) is the one the server is built with.
 */
@Component
class ServerSetup implements WebServerFactoryCustomizer<NettyReactiveWebServerFactory>, Ordered {
    private final int backlog;
    private final Duration idleTimeout;
    private volatile HttpServerConfig server;

    ServerSetup(AppEnv env) {
        backlog = env.backlog();
        idleTimeout = Duration.ofMillis(env.idleTimeoutMillis());
    }

    @Override
    public void customize(NettyReactiveWebServerFactory factory) {
        factory.addServerCustomizers(this::configure);
    }

    private HttpServer configure(HttpServer server) {
        HttpServer configured = server.doOnChannelInit((observer, channel, address) -> {
                    if (channel.pipeline().get(NettyPipeline.HttpCodec) != null) {
                        channel.pipeline()
                                .addAfter(NettyPipeline.HttpCodec, "loadlab.malformed", MalformedRequests.INSTANCE);
                    }
                })
                .option(ChannelOption.SO_BACKLOG, backlog)
                .idleTimeout(idleTimeout);
        this.server = configured.configuration();
        return configured;
    }

    /** The configuration the server was built with; null before. */
    HttpServerConfig server() {
        return server;
    }

    @Override
    public int getOrder() {
        return Ordered.LOWEST_PRECEDENCE;
    }
}
