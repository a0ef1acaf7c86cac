package io.loadlab.loadgen;

import io.loadlab.core.unit.Duration;
import io.loadlab.core.unit.Size;
import io.loadlab.transport.NettyTransport;

/**
 * The load generator's defaults: {@code loadlab load}'s help quotes them.
 */
public final class LoadgenDefaults {
    private LoadgenDefaults() {}

    /** Concurrent connections of the closed model (wrk's {@code -c}). */
    public static final int CONNECTIONS = 100;

    /** Measured duration of a load run. */
    public static final Duration DURATION = Duration.ofSeconds(10);

    /** Warm-up before measuring: requests are sent, not recorded. */
    public static final Duration WARMUP = Duration.ZERO;

    /** Open model: the most connections a run may open when due requests find none free ({@code --max-connections}). */
    public static final int OPEN_MAX_CONNECTIONS = 10_000;

    /** Load generator: responses whose status line and headers exceed this are invalid. */
    public static final Size MAX_RESPONSE_HEADER_SIZE = Size.ofBytes(64 * 1024);

    /** Load generator: how often each thread checks its connections' deadlines. */
    public static final Duration TIMEOUT_TICK = Duration.ofMillis(10);

    /** Client retries after a failed attempt ({@code --retries}): none. */
    public static final int RETRIES = 0;

    /** The first retry's backoff bound ({@code --retry-backoff}), doubled per retry, with full jitter. */
    public static final Duration RETRY_BACKOFF = Duration.ofMillis(50);

    /** The most a retry's backoff bound grows to. */
    public static final Duration RETRY_CAP = Duration.ofSeconds(1);

    /** HTTP/2: concurrent streams per connection ({@code -m}), h2load's default. */
    public static final int MAX_STREAMS = 1;

    /**
     * One in this many requests with an expected answer has its answer checked ({@link AnswerCheck}): over a 10 s
     * window at 10,000 req/s, about 1,500 answers, at the cost of copying one body in 64.
     */
    public static final int ANSWER_SAMPLE_EVERY = 64;

    /** The most of a sampled body kept for its check; an exact body longer than this is a wrong answer. */
    public static final int ANSWER_SAMPLE_BYTES = 4096;

    /**
     * The Netty transport of the load threads ({@code --transport}): io_uring, the faster one measured
     * ({@code ROUNDS=5 bench/loadgen-vs-wrk.sh}: 1.03x wrk's requests/s at 0.96x its CPU per request, where epoll gave
     * 0.86x at 1.15x); where the kernel refuses io_uring, epoll runs, and NIO where Linux does not give epoll.
     */
    public static final NettyTransport TRANSPORT = NettyTransport.IO_URING;

    /** HTTP/2: the most streams per connection {@code -m} accepts. */
    public static final int MAX_STREAMS_LIMIT = 1024;

    /** Load generator threads: the CPUs this process may run on. */
    public static int threads() {
        return Runtime.getRuntime().availableProcessors();
    }
}
