package io.loadlab.frameworks.rxnetty;

import io.loadlab.frameworks.common.Reasons;
import io.netty.buffer.ByteBuf;
import io.reactivex.netty.client.Host;
import io.reactivex.netty.client.pool.SingleHostPoolingProviderFactory;
import io.reactivex.netty.protocol.http.client.HttpClient;
import java.io.ByteArrayOutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.concurrent.TimeUnit;
import rx.Observable;

/**
 * The backend through RxNetty's own {@link HttpClient}, as the book's examples call their downstream services: an
 * {@code Observable} of the body, on the event loops, holding no thread while it waits. Its connections are kept
 * alive in RxNetty's per-host pool ({@link SingleHostPoolingProviderFactory}, unbounded, as the other models' clients
 * are bounded only far above the load): {@code HttpClient.newClient(host, port)} alone pools nothing in RxNetty 0.5.2
 * and opens a new connection for every call, which at 1,000 concurrent calls ran the host's ephemeral ports into
 * {@code TIME_WAIT}. A call waits at most 10 s; a failure is a {@link Failed} with the contract's one-line reason.
 */
final class BackendClient {
    private final URI base;
    private final HttpClient<ByteBuf, ByteBuf> client;

    /** A failed call: the message is the 502's reason. */
    static final class Failed extends RuntimeException {
        Failed(String reason) {
            super(reason, null, false, false);
        }
    }

    /** @param base the backend, or null when none is configured */
    BackendClient(URI base) {
        this.base = base;
        this.client = base == null
                ? null
                : HttpClient.newClient(
                                SingleHostPoolingProviderFactory.<ByteBuf, ByteBuf>createUnbounded(),
                                Observable.just(new Host(
                                        new InetSocketAddress(base.getHost(), base.getPort() < 0 ? 80 : base.getPort()))))
                        .readTimeOut(10, TimeUnit.SECONDS);
    }

    boolean configured() {
        return client != null;
    }

    URI base() {
        return base;
    }

    /** {@code GET path}'s body when it answers 200, else a {@link Failed}. */
    Observable<byte[]> get(String path) {
        return client.createGet(path)
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
                .timeout(10, TimeUnit.SECONDS)
                .onErrorResumeNext(e -> Observable.error(e instanceof Failed ? e : new Failed(Reasons.backend(e))));
    }
}
