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
 * The connections of one load thread: how many (the initial ones, a replacement for each one dropped, and in the open
 * model more while requests wait, up to the thread's share of {@code --max-connections}), opening them (from the
 * run's source addresses in turn, after a doubling backoff while connects keep failing, so that a dead server does
 * not spin the CPU), their deadlines, dropping them, and the ones free to carry a request (the open model's idle
 * list, most recently freed first).
 *
 * <p>Not thread-safe: owned by its worker's event loop.
 */
final class Connections {
    private final Worker worker;
    private final EventLoop loop;
    private final Bootstrap bootstrap;
    private final InetSocketAddress remote;
    private final List<InetAddress> sources;
    private final int threadId;
    private final int threads;
    private final LoadSpec spec;
    private final boolean openModel;
    /** The fixed request of each connection slot among all threads' slots, or null. */
    private final int[] slotRequests;

    private final int initial;
    private final int max;
    private final int maxHeaderBytes;
    private final RequestPlan plan;
    private final List<Conn> all = new ArrayList<>();
    private final ArrayDeque<Conn> idle = new ArrayDeque<>();
    private int connecting;

    /** Channels opened and not yet closed, and what runs when the last of them has closed. */
    private int unclosed;

    private Runnable afterLastClose;

    private int failures;

    /**
     * No busy stream's deadline falls before this instant: the earliest one the last {@link #timeOut} scan found, or
     * that scan's time plus the timeout (every deadline is a send time plus the timeout). Until then a scan finds
     * nothing, so it is skipped: at 10,000 connections each scan reads every connection, 100 times a second.
     */
    private long noDeadlineBefore;

    private boolean scanned;

    private final long timeoutNanos;
    private int sourceIndex;
    private int maxOpened;
    /** The connection slot the next new connection takes. */
    private int nextSlot;

    /**
     * @param initial this thread's share of {@code -c}
     * @param max the most connections at once: {@code initial} in the closed model
     */
    Connections(
            Worker worker,
            EventLoop loop,
            Bootstrap bootstrap,
            InetSocketAddress remote,
            LoadSpec spec,
            int id,
            int[] slotRequests,
            int initial,
            int max,
            RequestPlan plan) {
        this.worker = worker;
        this.loop = loop;
        this.bootstrap = bootstrap;
        this.remote = remote;
        this.sources = spec.sourceAddresses();
        this.threadId = id;
        this.threads = spec.threads();
        this.spec = spec;
        this.timeoutNanos = spec.timeout().nanos();
        this.openModel = spec.open();
        this.slotRequests = slotRequests;
        this.initial = initial;
        this.max = max;
        this.maxHeaderBytes = LoadgenDefaults.MAX_RESPONSE_HEADER_SIZE.toIntExact();
        this.plan = plan;
    }

    /** Opens the initial connections. */
    void openInitial() {
        for (int i = 0; i < initial; i++) {
            open(newConn(nextSlot++));
        }
    }

    /**
     * Keeps the connection count after a connection in {@code slot} was dropped. A closed-model replacement takes over
     * its slot; an open-model one gets a new slot, and is opened only when some of the {@code waiting} requests wait
     * for one.
     */
    void replace(int slot, boolean afterConnectFailure, int waiting) {
        if (worker.stopped()) {
            return;
        }
        if (openModel && all.size() >= initial && connecting >= waiting) {
            return;
        }
        reopen(newConn(openModel ? nextSlot++ : slot), afterConnectFailure);
    }

    /** Open model: one more connection when {@code waiting} requests wait for one and the share allows it. */
    void growFor(int waiting) {
        if (openModel && all.size() < max && connecting < waiting) {
            open(newConn(nextSlot++));
        }
    }

    private Conn newConn(int slot) {
        // slot among all threads' slots (0 .. connections-1 in the closed model) picks its fixed request
        int fixed = slotRequests == null ? -1 : slotRequests[(threadId + threads * slot) % slotRequests.length];
        worker.recorder.ensureSlot(slot);
        return spec.http2()
                ? new Http2Conn(worker, slot, fixed, spec.maxStreams(), maxHeaderBytes, plan.maxHttp2Body())
                : new Http1Conn(worker, slot, fixed, maxHeaderBytes);
    }

    /** Opens {@code c}; its handler reports to the worker when it is ready or failed. */
    private void open(Conn c) {
        c.openIndex = all.size();
        all.add(c);
        connecting++;
        maxOpened = Math.max(maxOpened, all.size());
        Bootstrap b = bootstrap.clone().handler(c);
        ChannelFuture f;
        if (sources.isEmpty()) {
            f = b.connect(remote);
        } else {
            InetAddress local = sources.get((threadId + threads * sourceIndex++) % sources.size());
            f = b.connect(remote, new InetSocketAddress(local, 0));
        }
        unclosed++;
        f.channel().closeFuture().addListener(closed -> {
            if (--unclosed == 0 && afterLastClose != null) {
                Runnable then = afterLastClose;
                afterLastClose = null;
                then.run();
            }
        });
        f.addListener(done -> {
            if (!done.isSuccess()) {
                worker.onFailure(c, ErrorCategory.CONNECT, done.cause());
            }
        });
    }

    /**
     * Runs {@code then} on the loop once every channel opened so far has finished closing, or after {@code boundMs}
     * if one has not. On io_uring a close finishes only when the channel's cancelled reads come back, and an event
     * loop ended before that logs a stack trace for every such channel.
     */
    void afterLastClose(Runnable then, long boundMs) {
        if (unclosed == 0) {
            then.run();
            return;
        }
        afterLastClose = then;
        loop.schedule(
                () -> {
                    if (afterLastClose == then) {
                        afterLastClose = null;
                        then.run();
                    }
                },
                boundMs,
                TimeUnit.MILLISECONDS);
    }

    /** Opens {@code c} now, or after the backoff when the connects before it failed. */
    private void reopen(Conn c, boolean afterConnectFailure) {
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
        if (c.openIndex >= 0) {
            Conn last = all.remove(all.size() - 1);
            if (last != c) {
                all.set(c.openIndex, last);
                last.openIndex = c.openIndex;
            }
            c.openIndex = -1;
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
     * Requests past their deadline at {@code now} time out: an HTTP/2 stream alone (reset), an HTTP/1.1 connection
     * with it (a response cannot be skipped).
     */
    void timeOut(long now) {
        if (scanned && now - noDeadlineBefore < 0) {
            return;
        }
        // every request sent from now on gets a deadline at least a timeout away
        long next = now + timeoutNanos;
        for (int i = all.size() - 1; i >= 0; i--) {
            if (i >= all.size()) {
                continue;
            }
            Conn c = all.get(i);
            for (int k = 0; k < c.busy.length && !c.dead; k++) {
                if (!c.busy[k]) {
                    continue;
                }
                long d = c.deadline[k];
                if (now - d < 0) {
                    next = d - next < 0 ? d : next;
                } else if (c.abandon(k)) {
                    worker.onStreamFailure(c, k, ErrorCategory.TIMEOUT);
                } else {
                    worker.onFailure(c, ErrorCategory.TIMEOUT, null);
                }
            }
        }
        noDeadlineBefore = next;
        scanned = true;
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
