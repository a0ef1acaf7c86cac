package io.loadlab.loadgen;

import io.loadlab.core.result.ErrorCategory;
import io.netty.bootstrap.Bootstrap;
import io.netty.channel.ChannelFuture;
import io.netty.channel.EventLoop;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The connections of one load thread: opening them (from the run's source addresses in turn, after a doubling backoff
 * while connects keep failing, so that a dead server does not spin the CPU), dropping them, and the ones free to
 * carry a request (the open model's idle list, most recently freed first).
 *
 * <p>Not thread-safe: owned by its worker's event loop.
 */
final class Connections {
    private final Worker worker;
    private final EventLoop loop;
    private final Bootstrap bootstrap;
    private final InetSocketAddress remote;
    private final List<InetAddress> sources;
    private final int sourceOffset;
    private final int sourceStride;
    private final List<Conn> all = new ArrayList<>();
    private final ArrayDeque<Conn> idle = new ArrayDeque<>();
    private int connecting;
    private int failures;
    private int sourceIndex;
    private int maxOpened;

    Connections(
            Worker worker,
            EventLoop loop,
            Bootstrap bootstrap,
            InetSocketAddress remote,
            List<InetAddress> sources,
            int id,
            int threads) {
        this.worker = worker;
        this.loop = loop;
        this.bootstrap = bootstrap;
        this.remote = remote;
        this.sources = sources;
        this.sourceOffset = id;
        this.sourceStride = threads;
    }

    /** Opens {@code c}; its handler reports to the worker when it is ready or failed. */
    void open(Conn c) {
        c.index = all.size();
        all.add(c);
        connecting++;
        maxOpened = Math.max(maxOpened, all.size());
        Bootstrap b = bootstrap.clone().handler(c);
        ChannelFuture f;
        if (sources.isEmpty()) {
            f = b.connect(remote);
        } else {
            InetAddress local = sources.get((sourceOffset + sourceStride * sourceIndex++) % sources.size());
            f = b.connect(remote, new InetSocketAddress(local, 0));
        }
        f.addListener(done -> {
            if (!done.isSuccess()) {
                worker.onFailure(c, ErrorCategory.CONNECT, done.cause());
            }
        });
    }

    /** Opens {@code c} now, or after the backoff when the connects before it failed. */
    void reopen(Conn c, boolean afterConnectFailure) {
        if (!afterConnectFailure || failures <= 1) {
            open(c);
            return;
        }
        long delayMs = Math.min(1000, 1L << Math.min(failures, 10));
        connecting++; // reserve its place so that others do not race to refill it
        loop.schedule(
                () -> {
                    connecting--;
                    if (!worker.stopped()) {
                        open(c);
                    }
                },
                delayMs,
                TimeUnit.MILLISECONDS);
    }

    void ready() {
        connecting--;
        failures = 0;
    }

    void connectFailed(boolean wasConnecting) {
        failures++;
        if (wasConnecting) {
            connecting--;
        }
    }

    void failedBeforeReady() {
        connecting--;
    }

    /** Closes {@code c} and forgets it. */
    void drop(Conn c) {
        c.dead = true;
        if (c.channel != null) {
            c.channel.close();
        }
        if (c.index >= 0) {
            Conn last = all.remove(all.size() - 1);
            if (last != c) {
                all.set(c.index, last);
                last.index = c.index;
            }
            c.index = -1;
        }
        if (c.idleQueued) {
            idle.remove(c);
            c.idleQueued = false;
        }
    }

    /** {@code c} has a free stream and nothing is due: it waits for the next request. */
    void park(Conn c) {
        c.idleQueued = true;
        idle.addLast(c);
    }

    /**
     * The connection freed last, or null when none is free. An HTTP/2 connection with more than one free stream stays
     * among the idle; one that stopped taking requests while it waited (GOAWAY) is passed over.
     */
    Conn takeFree() {
        Conn c;
        while ((c = idle.peekLast()) != null) {
            int free = c.freeStreams();
            if (free > 1) {
                return c;
            }
            idle.pollLast();
            c.idleQueued = false;
            if (free == 1) {
                return c;
            }
        }
        return null;
    }

    int size() {
        return all.size();
    }

    int connecting() {
        return connecting;
    }

    int maxOpened() {
        return maxOpened;
    }

    /** The open connections, in no particular order; do not keep. */
    List<Conn> all() {
        return all;
    }

    /**
     * Drops every connection at once, through the channel's unsafe with its void promise, which does not touch the
     * pipeline: nothing more is read or sent on them.
     */
    void closeAll() {
        for (Conn c : all) {
            c.dead = true;
            if (c.channel != null) {
                c.channel.unsafe().close(c.channel.unsafe().voidPromise());
            }
        }
        all.clear();
        idle.clear();
    }
}
