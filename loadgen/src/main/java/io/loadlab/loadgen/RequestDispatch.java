package io.loadlab.loadgen;

import io.loadlab.core.result.ErrorCategory;
import java.util.SplittableRandom;

/**
 * What the free streams of one load thread send next. A request waiting in the {@link PendingQueue} goes first: in
 * the open model one that fell due while no connection was free (counted as delayed, its latency still running from
 * its intended time), in both models one that an HTTP/2 server refused and that is sent again. Then the closed model
 * sends the connection's next request at once; the open model sends only what its {@link Pacer} makes due, on the
 * connection freed last, and a connection with nothing due waits among the idle.
 *
 * <p>A request that failed and may be retried ({@link RetryPolicy}) waits out its backoff in the {@link RetryQueue},
 * then joins the waiting requests with its first attempt's intended time, so its latency counts every attempt and
 * every backoff. The timeout tick releases the retries that fell due.
 *
 * <p>Confined to its load thread's event loop; allocates nothing per request.
 */
final class RequestDispatch {
    private final Worker worker;
    private final Connections connections;
    private final RequestPlan plan;
    private final WindowRecorder recorder;
    private final boolean open;
    private final long timeoutNanos;

    private final PendingQueue pending = new PendingQueue();
    private final RetryQueue retries = new RetryQueue();
    private final RetryPolicy retry;
    private final SplittableRandom jitter;
    /** The open model's intended send times, from the start of the load; null before it (and in the closed model). */
    private Pacer pacer;

    RequestDispatch(Worker worker, Connections connections, RequestPlan plan, WindowRecorder recorder, LoadSpec spec) {
        this.worker = worker;
        this.connections = connections;
        this.plan = plan;
        this.recorder = recorder;
        this.open = spec.open();
        this.timeoutNanos = spec.timeout().nanos();
        this.retry = spec.retry();
        this.jitter = new SplittableRandom(spec.seed() * 31 + worker.hashCode());
    }

    /** Requests waiting to be sent. */
    int waiting() {
        return pending.size();
    }

    /** Every free stream of {@code c} carries the next request, until none is due. */
    void offer(Conn c, long now) {
        int k;
        while (!worker.stopped() && (k = c.freeStream()) >= 0) {
            if (!sendNextOrPark(c, k, now)) {
                break;
            }
        }
    }

    /**
     * Free stream {@code k} of {@code c} carries the next request: a waiting one first, else in the closed model the
     * connection's next. Returns false when nothing was due (open model: the connection waits among the idle).
     */
    boolean sendNextOrPark(Conn c, int k, long now) {
        if (worker.stopped() || recorder.ended(now)) {
            return false;
        }
        if (pending.size() > 0) {
            int r = pending.peekRequest();
            long intended = pending.peekTime();
            int attempt = pending.peekAttempt();
            pending.remove();
            send(c, k, r, intended, attempt, now);
        } else if (!open) {
            send(c, k, c.fixedRequest >= 0 ? c.fixedRequest : plan.nextFor(c.slot), now, 0, now);
        } else {
            if (!c.idleQueued) {
                connections.park(c);
            }
            return false;
        }
        return true;
    }

    private void send(Conn c, int k, int request, long intended, int attempt, long now) {
        recorder.carried(c.slot);
        // A request that waited for a connection already has its wait in its latency; the server still gets the
        // full timeout to answer, and a request that waited longer than the timeout is dropped by timeOutWaiting().
        c.send(k, request, intended, now, now + timeoutNanos, plan);
        c.attempt[k] = attempt;
    }

    /** The request of stream {@code k} of {@code c} waits to be sent again (the server never processed it). */
    void requeue(Conn c, int k) {
        int attempt = c.attempt[k];
        pending.add(c.intended[k], c.request[k], attempt, attempt == 0 ? c.intended[k] : c.sent[k]);
        c.end(k);
    }

    /**
     * The attempt of stream {@code k} of {@code c} failed at {@code now}: true when the policy retries it (after its
     * backoff), false when it is the request's outcome.
     */
    boolean retry(Conn c, int k, long now) {
        return retry(c.request[k], c.intended[k], c.attempt[k], now);
    }

    private boolean retry(int request, long intended, int attempt, long now) {
        if (attempt >= retry.retries() || worker.stopped()) {
            return false;
        }
        int next = attempt + 1;
        retries.add(now + retry.backoffNanos(next, jitter.nextDouble()), intended, request, next);
        recorder.retried(request, now);
        return true;
    }

    /** The retries whose backoff is over join the waiting requests, and go out on the free connections. */
    void releaseRetries(long now) {
        while (retries.due(now)) {
            long intended = retries.peekIntended();
            int r = retries.peekRequest();
            int attempt = retries.peekAttempt();
            retries.remove();
            Conn c = open ? connections.takeFree() : null;
            if (c != null) {
                send(c, c.freeStream(), r, intended, attempt, now);
            } else {
                pending.add(intended, r, attempt, now);
                connections.growFor(pending.size());
            }
        }
    }

    /** Open model: requests fall due from {@code pacer} on. */
    void startPacing(Pacer pacer) {
        this.pacer = pacer;
    }

    /** Open model: no request falls due at or after {@code t1}. */
    void endAt(long t1) {
        if (pacer != null) {
            pacer.endAt(t1);
        }
    }

    /** Open model: sends every request due at {@code now}; returns when the next falls due ({@code MAX_VALUE}: none). */
    long sendDue(long now) {
        long t;
        while ((t = pacer.pollDue(now)) >= 0) {
            dispatch(t, now);
        }
        return pacer.peek();
    }

    private void dispatch(long intended, long now) {
        int r = plan.nextOpen();
        Conn c = connections.takeFree();
        if (c != null) {
            send(c, c.freeStream(), r, intended, 0, now);
            return;
        }
        pending.add(intended, r);
        recorder.queued(intended);
        connections.growFor(pending.size());
    }

    /** Requests that waited longer than the timeout for a connection time out (and may be retried). */
    void timeOutWaiting(long now) {
        while (pending.size() > 0 && now - pending.peekSince() - timeoutNanos >= 0) {
            int r = pending.peekRequest();
            if (!retry(r, pending.peekTime(), pending.peekAttempt(), now)) {
                recorder.error(r, ErrorCategory.TIMEOUT, now);
            }
            pending.remove();
        }
    }

    /**
     * The window closed: what was due and never sent is recorded as unfinished. No connection was free, or the loop
     * ran late (open model), or an HTTP/2 server refused the stream and it waited to be sent again, or it was a
     * retry waiting out its backoff.
     */
    void recordNeverSent() {
        while (retries.size() > 0) {
            recorder.unfinished(retries.peekRequest(), retries.peekIntended());
            retries.remove();
        }
        while (pending.size() > 0) {
            recorder.unfinished(pending.peekRequest(), pending.peekTime());
            pending.remove();
        }
        long t;
        while (open && pacer != null && (t = pacer.pollDue(recorder.end())) >= 0) {
            recorder.unfinished(plan.nextOpen(), t);
        }
    }
}
