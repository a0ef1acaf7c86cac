package io.loadlab.loadgen;

import io.loadlab.core.result.ErrorCategory;

/**
 * What one load thread records, and the one test of whether an event falls inside the measured window
 * {@code t0..t1}: responses (and among them the good ones: expected status within the timeout of the first attempt's
 * intended send), errors, retries, connect errors, delayed and unfinished requests, bytes read and what each
 * connection slot carried. The collector reads {@link #recorders}' wait-free interval recorders and
 * {@link #connectErrors} while the thread runs, and the plain counters after its loop has terminated.
 *
 * <p>Responses, carried requests and bytes read outside the window go to scratch sinks that nobody reads
 * ({@link #OUTSIDE_WINDOW}) rather than being skipped, so the warm-up records exactly as the window does and the JIT
 * has compiled the recording path before the window opens: when the warm-up skipped it, the load thread deoptimized
 * and ran that code cold in the window's first seconds, and every model's first two seconds read some 10% slower
 * (enough to flag a steady server NOT_STEADY).
 *
 * <p>Confined to its load thread's event loop, but for the fields named above.
 */
final class WindowRecorder {
    private static final int IN_WINDOW = 0;
    private static final int OUTSIDE_WINDOW = 1;
    /** Nearly a day ahead: the window's bounds until they are known. */
    private static final long NEVER = 86_400_000_000_000L;

    /** The window's recorders, one per request name. */
    final RequestRecorder[] recorders;
    /** The window's completed and carried requests per connection slot. */
    final ConnectionTally tally;

    volatile long connectErrors;
    /** Requests due inside the window that waited for a connection (open model). */
    long delayed;
    /** Connections the server closed inside the window (a keep-alive cap, an idle timeout, {@code close}). */
    long serverCloses;

    private final boolean open;
    private final long timeoutNanos;
    private final RequestPlan plan;
    private final RequestRecorder[][] recordersBy;
    private final ConnectionTally[] tallyBy;
    private final long[] bytesBy = new long[2];
    private final long[] checkedBy = new long[2];
    private final long[][] saidBy = new long[2][3];
    /**
     * Where bytes read and carried requests go: {@link #IN_WINDOW} from a task run at {@code t0} until the window
     * closes, else {@link #OUTSIDE_WINDOW}; a field, so that they need not read the clock.
     */
    private int sink = OUTSIDE_WINDOW;

    private long t0;
    private long t1;
    private boolean closed;

    WindowRecorder(RequestPlan plan, LoadSpec spec, int initialSlots) {
        this.open = spec.open();
        this.timeoutNanos = spec.timeout().nanos();
        this.plan = plan;
        this.recorders = RequestRecorder.forRun(plan.size(), spec);
        this.tally = new ConnectionTally(initialSlots, !open);
        this.recordersBy = new RequestRecorder[][] {recorders, RequestRecorder.forRun(plan.size(), spec)};
        this.tallyBy = new ConnectionTally[] {tally, new ConnectionTally(initialSlots, !open)};
    }

    /** No window yet: nothing counts until {@link #window} sets one. */
    void noWindow(long now) {
        window(now + NEVER, now + NEVER);
    }

    /** The measured window is {@code t0..t1}. */
    void window(long t0, long t1) {
        if (closed) {
            return;
        }
        this.t0 = t0;
        this.t1 = t1;
    }

    /**
     * Takes the scratch recorders' interval histograms, as the collector takes the window's each second: run during the
     * warm-up, so that the recording path has met both phases of the recorders' phaser and fresh histograms before the
     * window opens. Without it the first interval flip and the first values of each fresh histogram took branches
     * the warm-up never had, and the JIT threw away and recompiled the whole response path (up to 0.7 s of the
     * load thread's core, in the window's first seconds).
     */
    void flipScratch() {
        for (RequestRecorder r : recordersBy[OUTSIDE_WINDOW]) {
            r.scratchLatency = r.latency.getIntervalHistogram(r.scratchLatency);
            r.scratchService = r.service.getIntervalHistogram(r.scratchService);
        }
    }

    /** The window opened (a task run at {@code t0}): bytes read and carried requests count from now on. */
    void opened() {
        if (!closed) {
            sink = IN_WINDOW;
        }
    }

    /**
     * The window ends at {@code now} (at {@code t1}, or earlier when the run is stopped): nothing counts after it.
     * Returns whether it ever opened; then {@link #unfinished} records what is still unanswered.
     */
    boolean close(long now) {
        closed = true;
        sink = OUTSIDE_WINDOW;
        t1 = Math.min(now, t1);
        return now - t0 >= 0;
    }

    /**
     * Whether the window is over at {@code now}: nothing is sent from then on, so a free connection stays idle rather
     * than wait for the loop's timer to stop it (which can fire a few round trips late). Before the window is set it
     * compares with {@link #NEVER}, never with a flag: a branch the warm-up never took would be compiled out and
     * deoptimize the whole response path when the window opens, its recompilation taking the load thread's core.
     */
    boolean ended(long now) {
        return now - t1 >= 0;
    }

    /** Whether an event at {@code now} counts: inside the window, and the window was not closed early. */
    boolean inside(long now) {
        return now - t0 >= 0 && now - t1 < 0;
    }

    /**
     * Stream {@code k} of {@code c} received its response at {@code now}. Counted when it completes inside the window,
     * whenever it was sent: requiring it to be sent inside too dropped the requests in flight at t0 as well as those
     * at t1, so throughput read low by latency / duration (11% for a 540 ms server over 5 s) and the slow requests,
     * likelier to straddle an edge, were undercounted.
     */
    void response(Conn c, int k, int status, long now, int check) {
        if (now - t1 < 0) {
            // before t0 into the scratch sinks, by the sign of now - t0 (a branch the warm-up never took would be
            // compiled out and deoptimize at t0)
            int at = (int) ((now - t0) >>> 63);
            int request = c.request[k];
            RequestRecorder rec = recordersBy[at][request];
            rec.record(now - c.intended[k], now - c.sent[k], open);
            rec.status(status);
            boolean expected = plan.spec(request).expects(status);
            int checked = check & Worker.CHECK;
            if (expected && checked != Worker.UNCHECKED) {
                checkedBy[at]++;
            }
            if (status >= 500 && check != Worker.UNCHECKED) {
                saidBy[at][0] += (check & Worker.RETRY_LATER) != 0 ? 1 : 0;
                saidBy[at][1] += (check & Worker.NAMES_DATABASE) != 0 ? 1 : 0;
                saidBy[at][2] += (check & Worker.NAMES_BACKEND) != 0 ? 1 : 0;
            }
            if (!expected) {
                rec.error(ErrorCategory.STATUS);
            } else if (checked == Worker.WRONG) {
                rec.error(ErrorCategory.WRONG_ANSWER);
            } else if (now - c.intended[k] - timeoutNanos <= 0) {
                rec.good();
            }
            tallyBy[at].completed(c.slot);
        }
    }

    /** Answers checked inside the window ({@link AnswerCheck}), right or wrong. */
    long answersChecked() {
        return checkedBy[IN_WINDOW];
    }

    /** 5xx answers inside the window that said to retry later, named the database, named the backend. */
    long[] fiveHundredsSaid() {
        return saidBy[IN_WINDOW].clone();
    }

    /** A request failed in {@code kind} at {@code now}. */
    void error(int request, ErrorCategory kind, long now) {
        if (inside(now)) {
            recorders[request].error(kind);
        }
    }

    /**
     * Connection {@code c} failed in {@code kind} at {@code now}: a connect error, or each request it carried fails,
     * or with none in flight (bytes nobody asked for) its fixed request or the first.
     */
    void connectionFailed(Conn c, ErrorCategory kind, long now) {
        if (!inside(now)) {
            return;
        }
        if (kind == ErrorCategory.CONNECT) {
            connectErrors++;
        } else if (c.inFlight > 0) {
            for (int k = 0; k < c.busy.length; k++) {
                if (c.busy[k]) {
                    recorders[c.request[k]].error(kind);
                }
            }
        } else {
            recorders[c.fixedRequest >= 0 ? c.fixedRequest : 0].error(kind);
        }
    }

    /** The server closed a connection at {@code now}: with its last answer, or while it was idle. */
    void serverClosed(long now) {
        if (inside(now)) {
            serverCloses++;
        }
    }

    /** An attempt of {@code request} failed at {@code now} and is retried. */
    void retried(int request, long now) {
        if (inside(now)) {
            recorders[request].retries++;
        }
    }

    /** A request due at {@code intended} waits for a connection. */
    void queued(long intended) {
        if (intended - t0 >= 0) {
            delayed++;
        }
    }

    /** Stream {@code k} of {@code c} was unanswered when the window closed: recorded at its age. */
    void unfinished(Conn c, int k) {
        tally.carried(c.slot);
        recorders[c.request[k]].unfinished(t1 - c.intended[k], t1 - c.sent[k], open);
    }

    /** A request due at {@code intended} was never sent when the window closed: recorded at its age. */
    void unfinished(int request, long intended) {
        recorders[request].unfinished(t1 - intended, -1, open);
    }

    /** When the window closed (or will close); unanswered requests are aged up to it. */
    long end() {
        return t1;
    }

    /** Makes room for connection slot {@code slot} in every tally. */
    void ensureSlot(int slot) {
        for (ConnectionTally t : tallyBy) {
            t.ensure(slot);
        }
    }

    /** A connection in slot {@code slot} is sent a request. */
    void carried(int slot) {
        tallyBy[sink].carried(slot);
    }

    /** Bytes arrived on a connection: every byte read inside the window is counted, usable or not. */
    void bytes(int n) {
        bytesBy[sink] += n;
    }

    /** Bytes read inside the window; read after the loop has terminated. */
    long bytesRead() {
        return bytesBy[IN_WINDOW];
    }
}
