package io.loadlab.servers.servlet;

import jakarta.servlet.AsyncContext;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutorService;
import java.util.function.Supplier;

/**
 * servlet-async: the container thread starts an {@link AsyncContext} and returns to the pool at once. The wait is
 * either non-blocking ({@code --offload nonblocking}) or done by a fixed worker pool that blocks
 * ({@code --offload worker}, as Spring's DeferredResult completed by an executor). The thread that completed the
 * wait sets the headers and registers a {@link WriteListener}, which Jetty runs on a container thread: that thread is
 * free at once and no thread blocks on a slow client. (Handing the whole answer to {@link AsyncContext#start} first
 * cost a second dispatch per request: 153 against 119 µs of CPU per /backend call on one core.)
 */
final class AsyncContractServlet extends ContractServlet {
    private final transient NonBlockingWork nonBlocking;
    private final transient Work blocking;
    private final transient ExecutorService workers;

    /** Exactly one of {@code nonBlocking} or ({@code blocking}, {@code workers}) is non-null. */
    AsyncContractServlet(
            Supplier<byte[]> settingsJson, NonBlockingWork nonBlocking, Work blocking, ExecutorService workers) {
        super(settingsJson);
        this.nonBlocking = nonBlocking;
        this.blocking = blocking;
        this.workers = workers;
    }

    @Override
    void await(HttpServletRequest req, HttpServletResponse res, Wait wait) {
        AsyncContext ac = req.startAsync();
        ac.setTimeout(0); // the wait bounds itself (delay ≤ 60 s, client and database timeouts)
        CompletionStage<Reply> stage;
        if (nonBlocking != null) {
            stage = wait.nonBlocking().apply(nonBlocking);
        } else {
            stage = CompletableFuture.supplyAsync(() -> wait.blocking().apply(blocking), workers);
        }
        // the thread that completes the wait (timer, client, database event loop) only sets the headers and registers
        // the write listener, which Jetty runs on a container thread: it never writes to the socket itself
        stage.whenComplete((r, e) -> send(ac, r != null ? r : Reply.error(500, "internal error")));
    }

    private static void send(AsyncContext ac, Reply r) {
        HttpServletResponse res = (HttpServletResponse) ac.getResponse();
        headers(res, r);
        ServletOutputStream out;
        try {
            out = res.getOutputStream();
        } catch (IOException | IllegalStateException e) {
            ac.complete();
            return;
        }
        out.setWriteListener(new WriteListener() {
            private boolean written;

            @Override
            public void onWritePossible() throws IOException {
                while (out.isReady()) {
                    if (written) {
                        ac.complete();
                        return;
                    }
                    written = true;
                    out.write(r.body());
                }
            }

            @Override
            public void onError(Throwable t) {
                ac.complete();
            }
        });
    }
}
