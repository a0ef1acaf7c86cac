package io.loadlab.servers.servlet;

import io.loadlab.servers.http.Contract;
import io.loadlab.servers.netty.NettyBackendClient;
import io.loadlab.servers.runtime.Reasons;
import io.loadlab.transport.NettyTransport;
import io.netty.buffer.ByteBufUtil;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.net.URI;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * servlet-async's non-blocking backend client: the netty model's {@link NettyBackendClient} on one event loop of its
 * own (epoll when available, NIO otherwise), with its keep-alive connections bounded by {@code backendConnections}. A call is handed
 * to the loop, which sends it and completes the returned stage when the backend answers, fails, or the timeout
 * passes.
 *
 * <p>Jetty's HttpClient, which hands every answer from its selector to a thread of its own 200-thread pool, made a
 * {@code /backend} call cost about a fifth more of a core (about 105 against 84 µs at 9,000 calls/s on one core), and
 * its runnable threads left the JIT compiler under a tenth of the core, so the server was still compiling 40 s into a
 * saturating run.
 *
 * <p>Threading: {@link #hello} and {@link #healthProblem} may be called from any thread and never block; the stages
 * complete on the backend loop, which must never block either (see {@link #loop}).
 */
final class NonBlockingBackend implements AutoCloseable {
    /** The client, as the settings name it. */
    static final String NAME = "Netty, one backend loop, keep-alive pool";

    private final EventLoopGroup group;
    private final EventLoop loop;
    private final NettyBackendClient client;

    NonBlockingBackend(URI base, int maxConnections) {
        NettyTransport t = NettyTransport.platformDefault();
        this.group = new MultiThreadIoEventLoopGroup(
                1, new DefaultThreadFactory("backend-loop", true), t.ioHandlerFactory());
        this.loop = group.next();
        this.client = new NettyBackendClient(base, t.socketChannel(), maxConnections);
    }

    /** {@code GET /hello}: 200 with the backend's body, or the contract's 502. */
    CompletionStage<Reply> hello() {
        CompletableFuture<Reply> f = new CompletableFuture<>();
        loop.execute(() -> client.get(loop, "/hello", (res, failure) -> {
            if (failure != null) {
                f.complete(Reply.error(502, Reasons.backend(failure)));
            } else {
                int status = res.status().code();
                byte[] body = ByteBufUtil.getBytes(res.content());
                res.release();
                f.complete(
                        status == 200
                                ? Reply.ok(Contract.TEXT_PLAIN, body)
                                : Reply.error(502, Reasons.backendStatus(status)));
            }
        }));
        return f;
    }

    /** {@code GET /health}: null when the backend answers 200, else the reason. */
    CompletionStage<String> healthProblem() {
        CompletableFuture<String> f = new CompletableFuture<>();
        loop.execute(() -> client.get(loop, "/health", (res, failure) -> {
            if (failure != null) {
                f.complete(Reasons.backend(failure));
            } else {
                int status = res.status().code();
                res.release();
                f.complete(status == 200 ? null : Reasons.backendStatus(status));
            }
        }));
        return f;
    }

    /** The backend loop, a thread that must never block. */
    ScheduledExecutorService loop() {
        return loop;
    }

    @Override
    public void close() {
        group.shutdownGracefully(0, 500, TimeUnit.MILLISECONDS).awaitUninterruptibly(1, TimeUnit.SECONDS);
    }
}
