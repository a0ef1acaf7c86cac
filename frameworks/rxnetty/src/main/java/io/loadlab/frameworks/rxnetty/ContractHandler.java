package io.loadlab.frameworks.rxnetty;

import io.loadlab.frameworks.common.ContractText;
import io.netty.buffer.ByteBuf;
import io.netty.channel.EventLoop;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpVersion;
import io.reactivex.netty.protocol.http.server.HttpServerRequest;
import io.reactivex.netty.protocol.http.server.HttpServerResponse;
import io.reactivex.netty.protocol.http.server.RequestHandler;
import java.io.ByteArrayOutputStream;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import rx.Observable;
import rx.schedulers.Schedulers;

/**
 * The contract's routes as one RxNetty {@link RequestHandler}: each answer is an {@code Observable} the event loop
 * subscribes to, so nothing waits on a thread: {@code /delay} is {@code Observable.timer}, {@code /backend} RxNetty's
 * client, the zip codes JDBC on RxJava's I/O scheduler. A known path with another method is 405 with {@code Allow};
 * any other path 404; a body over 1 MiB 413 and the connection closes.
 */
final class ContractHandler implements RequestHandler<ByteBuf, ByteBuf> {
    private final BackendClient backend;
    private final ZipCodes zipCodes;
    private final AppSettings settings;
    private final AtomicInteger inFlight = new AtomicInteger();

    ContractHandler(BackendClient backend, ZipCodes zipCodes, AppSettings settings) {
        this.backend = backend;
        this.zipCodes = zipCodes;
        this.settings = settings;
    }

    @Override
    public Observable<Void> handle(HttpServerRequest<ByteBuf> req, HttpServerResponse<ByteBuf> res) {
        inFlight.incrementAndGet();
        AtomicInteger onConnection = IdleConnections.inFlight(res.unsafeNettyChannel());
        onConnection.incrementAndGet();
        Observable<Void> answer = route(req, res);
        if (!req.isKeepAlive()) {
            // RxNetty leaves the connection open: close it once the answer is out
            res.setHeader(HttpHeaderNames.CONNECTION, "close");
            answer = answer.concatWith(Answers.close(res));
        } else if (req.getHttpVersion() == HttpVersion.HTTP_1_0) {
            res.setHeader(HttpHeaderNames.CONNECTION, "keep-alive");
        }
        return answer.doAfterTerminate(() -> {
            onConnection.decrementAndGet();
            inFlight.decrementAndGet();
        });
    }

    /** The requests being answered. */
    int inFlight() {
        return inFlight.get();
    }

    private Observable<Void> route(HttpServerRequest<ByteBuf> req, HttpServerResponse<ByteBuf> res) {
        String path = req.getDecodedPath();
        String allowed = ContractText.allowedMethod(path);
        if (allowed == null) {
            return req.discardContent().concatWith(Answers.error(res, 404, ContractText.NOT_FOUND));
        }
        if (!allowed.equals(req.getHttpMethod().name())) {
            return req.discardContent().concatWith(Answers.notAllowed(res, allowed));
        }
        return switch (path) {
            case "/plaintext" -> Answers.text(res, ContractText.PLAINTEXT);
            case "/json" -> Answers.send(res, 200, ContractText.APPLICATION_JSON, Message.helloJson());
            case "/delay" -> delay(req, res);
            case "/backend" -> backend(res);
            case "/health" -> health(res);
            case "/settings" -> Answers.json(res, 200, settings.json());
            case "/zipcodes" -> upsert(req, res);
            default -> zipCodes.find(path.substring("/zipcodes/".length()), res);
        };
    }

    private static Observable<Void> delay(HttpServerRequest<ByteBuf> req, HttpServerResponse<ByteBuf> res) {
        List<String> values = req.getQueryParameters().get("ms");
        int ms = ContractText.delayMillis(values == null || values.isEmpty() ? null : values.getFirst());
        if (ms < 0) {
            return Answers.error(res, 400, ContractText.BAD_DELAY);
        }
        // on the connection's own event loop: from RxJava's computation threads the answers of concurrent delays
        // stalled for seconds (10 connections: 32 req/s, STARVED)
        return Observable.timer(ms, TimeUnit.MILLISECONDS, Schedulers.from(res.unsafeNettyChannel().eventLoop()))
                .flatMap(tick -> Answers.text(res, ContractText.DELAYED));
    }

    private Observable<Void> backend(HttpServerResponse<ByteBuf> res) {
        if (!backend.configured()) {
            return Answers.error(res, 502, ContractText.NO_BACKEND);
        }
        // answered on the connection's own event loop, as /delay is: the client's answers arrive on its own threads
        return backend.get("/hello", res.unsafeNettyChannel().eventLoop())
                .observeOn(Schedulers.from(res.unsafeNettyChannel().eventLoop()))
                .flatMap(body -> Answers.send(res, 200, ContractText.TEXT_PLAIN, body))
                .onErrorResumeNext(e -> Answers.error(res, 502, e.getMessage()));
    }

    private Observable<Void> health(HttpServerResponse<ByteBuf> res) {
        EventLoop loop = res.unsafeNettyChannel().eventLoop();
        Observable<String> backendProblem = backend.configured()
                ? backend.get("/health", loop).map(b -> "").onErrorReturn(Throwable::getMessage)
                : Observable.just("");
        return zipCodes.healthProblem()
                .flatMap(db -> db.isEmpty() ? backendProblem : Observable.just(db))
                .observeOn(Schedulers.from(loop))
                .flatMap(problem -> problem.isEmpty()
                        ? Answers.json(res, 200, ContractText.HEALTH_UP)
                        : Answers.json(res, 503, ContractText.healthDown(problem)));
    }

    /** Reads the body up to 1 MiB; past it, or declared past it, 413 and close. */
    private Observable<Void> upsert(HttpServerRequest<ByteBuf> req, HttpServerResponse<ByteBuf> res) {
        if (req.getContentLength(-1) > ContractText.MAX_BODY_BYTES) {
            return Answers.errorAndClose(res, 413, ContractText.BODY_TOO_LARGE);
        }
        return req.getContent()
                .autoRelease()
                .collect(ByteArrayOutputStream::new, (out, buf) -> {
                    if (out.size() <= ContractText.MAX_BODY_BYTES) {
                        byte[] chunk = new byte[buf.readableBytes()];
                        buf.readBytes(chunk);
                        out.writeBytes(chunk);
                    }
                })
                .flatMap(out -> out.size() > ContractText.MAX_BODY_BYTES
                        ? Answers.errorAndClose(res, 413, ContractText.BODY_TOO_LARGE)
                        : zipCodes.upsert(out.toByteArray(), res));
    }
}
