package io.loadlab.backend;

import io.loadlab.core.unit.Duration;
import java.net.URI;

/** A started backend. Thread-safe. */
public interface RunningBackend extends AutoCloseable {
    String host();

    /** The bound port. */
    int port();

    /** {@code http://host:port}, the base URL servers append {@code /hello} to. */
    default URI url() {
        return URI.create("http://" + host() + ":" + port());
    }

    Duration delay();

    /** The delay schedule it started with (a constant {@link #delay} unless one was given). */
    DelaySchedule schedule();

    /** The Netty transport its event loop runs on: {@code io_uring}, {@code epoll} or {@code nio}. */
    String transport();

    /** Why it does not run the transport its spec asked for; null when it does. */
    default String transportNote() {
        return null;
    }

    /** {@code /hello} requests answered so far (what {@code GET /stats} reports). */
    long requests();

    /**
     * Stops accepting, lets delayed answers already scheduled go out (bounded by the delay plus a second, at most
     * {@link io.loadlab.core.Defaults#GRACEFUL_STOP}), then closes every connection. Blocks until done; idempotent.
     */
    @Override
    void close();
}
