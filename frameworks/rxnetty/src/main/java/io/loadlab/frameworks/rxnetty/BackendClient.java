package io.loadlab.frameworks.rxnetty;

import io.loadlab.frameworks.common.Reasons;
import io.netty.buffer.ByteBuf;
import io.reactivex.netty.client.Host;
import io.reactivex.netty.client.pool.MaxConnectionsBasedStrategy;
import io.reactivex.netty.client.pool.PoolConfig;
import io.reactivex.netty.client.pool.PoolExhaustedException;
import io.reactivex.netty.client.pool.SingleHostPoolingProviderFactory;
import io.reactivex.netty.protocol.http.client.HttpClient;
import java.io.ByteArrayOutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import rx.Observable;

/**
 * The backend through RxNetty's own {@link HttpClient}, as the book's examples call their downstream services: an
 * {@code Observable} of the body, on the event loops, holding no thread while it waits. Its connections are kept
 * alive in RxNetty's per-host pool ({@link SingleHostPoolingProviderFactory}): {@code HttpClient.newClient(host,
 * port)} alone pools nothing in RxNetty 0.5.2 and opens a new connection for every call, which at 1,000 concurrent
 * calls ran the host's ephemeral ports into {@code TIME_WAIT}. The pool opens at most {@code
 * LOADLAB_HTTP_CLIENT_CONNECTIONS} connections ({@link PoolConfig#maxConnections}); as it fails a call past them
 * instead of queueing it, a {@link CallGate} as wide makes further calls wait, and a call that meets the pool between
 * a connection's end and its return to the pool tries again a millisecond later. A call, waiting included, takes at
 * most 10 s; a failure is a {@link Failed} with the contract's one-line reason.
 */
final class BackendClient {
    private final URI base;
    private final int maxConnections;
    private final CallGate gate;
    private final HttpClient<ByteBuf, ByteBuf> client;

    /** A failed call: the message is the 502's reason. */
    static final class Failed extends RuntimeException {
        Failed(String reason) {
            super(reason, null, false, false);
        }
    }

    /**
     * @param base the backend, or null when none is configured
     * @param maxConnections the most connections open to it at once
     */
    BackendClient(URI base, int maxConnections) {
        this.base = base;
        PoolConfig<ByteBuf, ByteBuf> pool = new PoolConfig<ByteBuf, ByteBuf>().maxConnections(maxConnections);
        this.maxConnections = ((MaxConnectionsBasedStrategy) pool.getPoolLimitDeterminationStrategy())
                .getMaxConnections();
        this.gate = new CallGate(this.maxConnections);
        this.client = base == null
                ? null
                : HttpClient.newClient(
                                SingleHostPoolingProviderFactory.create(pool),
                                Observable.just(new Host(new InetSocketAddress(
                                        base.getHost(), base.getPort() < 0 ? 80 : base.getPort()))))
                        .readTimeOut(10, TimeUnit.SECONDS);
    }

    boolean configured() {
        return client != null;
    }

    URI base() {
        return base;
    }

    /** The most connections open to the backend at once, as the pool's limit holds it. */
    int maxConnections() {
        return maxConnections;
    }

    /**
     * {@code GET path}'s body when it answers 200, else a {@link Failed}; a call that waits for a connection starts
     * on {@code loop}.
     */
    Observable<byte[]> get(String path, Executor loop) {
        Observable<byte[]> call = client.createGet(path)
                .flatMap(response -> {
                    int status = response.getStatus().code();
                    Observable<byte[]> body = response.getContent()
                            .autoRelease()
                            .collect(ByteArrayOutputStream::new, (out, buf) -> {
                                byte[] chunk = new byte[buf.readableBytes()];
                                buf.readBytes(chunk);
                                out.writeBytes(chunk);
                            })
                            .map(ByteArrayOutputStream::toByteArray);
                    return status == 200
                            ? body
                            : body.flatMap(b -> Observable.<byte[]>error(new Failed(Reasons.backendStatus(status))));
                })
                .retryWhen(failures -> failures.flatMap(e -> exhausted(e)
                        ? Observable.timer(1, TimeUnit.MILLISECONDS)
                        : Observable.error(e)));
        return gate.submit(call, loop)
                .timeout(10, TimeUnit.SECONDS)
                .onErrorResumeNext(e -> Observable.error(e instanceof Failed ? e : new Failed(Reasons.backend(e))));
    }

    private static boolean exhausted(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof PoolExhaustedException) {
                return true;
            }
        }
        return false;
    }
}
