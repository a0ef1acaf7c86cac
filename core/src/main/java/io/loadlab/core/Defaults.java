package io.loadlab.core;

import io.loadlab.core.unit.Duration;
import io.loadlab.core.unit.Size;
import java.util.List;

/**
 * Every default value of loadlab, in one place. Help texts quote these constants rather than repeating numbers, so
 * a default changed here is changed everywhere it is shown.
 */
public final class Defaults {
    private Defaults() {}

    // ---- every JVM -------------------------------------------------------------------------------------------------

    /**
     * Flags of every loadlab JVM on a JDK of feature version {@code feature}, before any flag of the user or the suite
     * ({@code tools/find-jdk.sh} gives the launcher's JVM the same). Netty keeps {@code sun.misc.Unsafe} off on JDK 24+
     * unless the JVM allows it, and then takes slower paths for its buffers and a costly start-up for its
     * direct-memory cleaner; the flag exists from JDK 23.
     */
    public static List<String> jvmFlags(int feature) {
        return feature >= 23 ? List.of("--sun-misc-unsafe-memory-access=allow") : List.of();
    }

    /** {@link #jvmFlags(int)} of the running JDK. */
    public static List<String> jvmFlags() {
        return jvmFlags(Runtime.version().feature());
    }

    // ---- load generator ------------------------------------------------------------------------------------------

    /** Concurrent connections of the closed model (wrk's {@code -c}). */
    public static final int CONNECTIONS = 100;

    /** Measured duration of a load run. */
    public static final Duration DURATION = Duration.ofSeconds(10);

    /** Warm-up before measuring: requests are sent, not recorded. */
    public static final Duration WARMUP = Duration.ZERO;

    /** A response slower than this is a timeout error; also the histograms' highest trackable value. */
    public static final Duration TIMEOUT = Duration.ofSeconds(10);

    /** Open model: the most connections a run may open when due requests find none free ({@code --max-connections}). */
    public static final int OPEN_MAX_CONNECTIONS = 10_000;

    /** Load generator: responses whose status line and headers exceed this are invalid. */
    public static final Size MAX_RESPONSE_HEADER_SIZE = Size.ofBytes(64 * 1024);

    /** Load generator: how often each thread checks its connections' deadlines. */
    public static final Duration TIMEOUT_TICK = Duration.ofMillis(10);

    /** Significant decimal digits of every latency histogram. */
    public static final int HISTOGRAM_DIGITS = 3;

    /** Interval of the per-second snapshots (timelines, histogram log). */
    public static final Duration INTERVAL = Duration.ofSeconds(1);

    /** Seed of every generated data set, so that every run does the same work. */
    public static final long SEED = 20_261_122L;

    /** Load generator threads: the CPUs this process may run on. */
    public static int threads() {
        return Runtime.getRuntime().availableProcessors();
    }

    // ---- HTTP contract limits --------------------------------------------------------------------------------------

    /** Request line plus headers larger than this are answered 431. */
    public static final Size MAX_HEADER_SIZE = Size.ofBytes(8 * 1024);

    /** Request bodies larger than this are answered 413. */
    public static final Size MAX_BODY_SIZE = Size.ofBytes(1024 * 1024);

    /** Largest {@code /delay?ms=N}. */
    public static final int MAX_DELAY_MS = 60_000;

    /** Value of the {@code Server} header of every reference server. */
    public static final String SERVER_HEADER = "loadlab";

    // ---- servers ---------------------------------------------------------------------------------------------------

    public static final String HOST = "127.0.0.1";

    /** Port 0 picks a free port; the server prints the one it bound. */
    public static final int PORT = 0;

    /** Accept backlog of every model (the RxJava Netty server used 50,000; the kernel caps it at somaxconn). */
    public static final int BACKLOG = 8192;

    /** thread-pool model: worker threads (the RxJava book's ThreadPool server). */
    public static final int POOL_THREADS = 100;

    /** thread-pool model: queued connections before rejecting with 503. */
    public static final int POOL_QUEUE = 1000;

    /** servlet models: Jetty's maximum container threads (Jetty's own default; the Spring experiment also used 16). */
    public static final int SERVLET_MAX_THREADS = 200;

    /** servlet-async with {@code --offload worker}: the worker pool that blocks (the Spring experiment's 16). */
    public static final int WORKER_THREADS = 16;

    /** Database connections per server; the same for every model so they do the same work. */
    public static final int DB_POOL = 16;

    /**
     * Bound on waiting for the database: a pooled connection, a connect, a statement. Past it a call fails (503)
     * instead of hanging; equal to the load generator's {@link #TIMEOUT}, past which the answer is lost anyway.
     */
    public static final Duration DB_TIMEOUT = Duration.ofSeconds(10);

    /** Stack size of thread-per-connection threads (0 = the JVM's default). */
    public static final Size STACK_SIZE = Size.ofBytes(0);

    /** Event loops of the non-blocking models: the CPUs the server may run on. */
    public static int eventLoops() {
        return Runtime.getRuntime().availableProcessors();
    }

    /** A keep-alive connection idle (or a request arriving) longer than this is closed by the blocking models. */
    public static final Duration IDLE_TIMEOUT = Duration.ofSeconds(30);

    /** A SIGTERM'd server closes within this. */
    public static final Duration GRACEFUL_STOP = Duration.ofSeconds(5);

    // ---- backend ---------------------------------------------------------------------------------------------------

    /** Delay of the slow downstream service's {@code GET /hello}. */
    public static final Duration BACKEND_DELAY = Duration.ofMillis(100);

    // ---- lab -------------------------------------------------------------------------------------------------------

    /** The suite {@code ./loadlab run} runs when none is named. */
    public static final String SUITE = "quick";

    public static final String RESULTS_DIR = "results";

    /**
     * The lab's measured load run first warms its own JVM for this long (sent, not recorded): without it the first
     * measured seconds hold the load generator's class loading and JIT, and read as a ramp in throughput. On one
     * core a fresh load generator reaches ~40% of its peak in its first second and ~85% in its second (1 s was too
     * short: the quick suite's netty and vertx trials ramped 40k, 70k, 110k req/s and came out NOT_STEADY).
     */
    public static final Duration LOADGEN_WARMUP = Duration.ofSeconds(3);

    /** The line {@code loadlab load} prints when its warm-up ends and measurement begins. */
    public static final String MEASURING_MARKER = "warm-up over; measuring";

    /** How long a started server may take to answer {@code /health}. */
    public static final Duration STARTUP_TIMEOUT = Duration.ofSeconds(30);

    /**
     * Warm-up of each trial when a suite or {@code run} does not say: load sent by the trial's load generator before
     * its measured window, on the same connections, while the server's and the load generator's JITs settle.
     */
    public static final Duration SUITE_WARMUP = Duration.ofSeconds(5);

    /**
     * The longest a trial's warm-up may stretch beyond its minimum while the server's JIT is still compiling: a JVM
     * compiling its hot paths on the one core it is pinned to is neither at its speed nor steady. Jetty's servlets
     * under load keep their compilers busy for 20–30 s on one core, Netty and Vert.x for about 10 s.
     */
    public static final Duration WARMUP_LIMIT = Duration.ofSeconds(30);

    /** Repetitions of each trial when a suite does not say. */
    public static final int REPETITIONS = 1;

    /** ERRORS: errors (rejections excluded) above this fraction of requests. */
    public static final double ERROR_THRESHOLD = 0.01;

    /** LOADGEN_SATURATED: any load-generator core idle below this fraction. */
    public static final double LOADGEN_MIN_IDLE = 0.20;

    /** LOADGEN_SATURATED: achieved rate below this fraction of the target rate (open model). */
    public static final double RATE_TOLERANCE = 0.95;

    /** DEPENDENCY_BOUND: backend or database busy above this fraction of its CPU, or iowait above this. */
    public static final double DEPENDENCY_BUSY = 0.90;

    public static final double IOWAIT_THRESHOLD = 0.10;

    /** NOT_STEADY: coefficient of variation of per-window throughput, or p99 drift between halves, above this. */
    public static final double STEADY_TOLERANCE = 0.15;

    /** LITTLE_MISMATCH: |concurrency − throughput × mean latency| / concurrency above this. */
    public static final double LITTLE_TOLERANCE = 0.20;

    /** WORK_MISMATCH: |backend calls or statements − successful requests| / successful requests above this. */
    public static final double WORK_TOLERANCE = 0.02;

    /** WORK_MISMATCH: a request's realized share of the mix more than this many percentage points off its plan. */
    public static final double SHARE_TOLERANCE_POINTS = 2.0;

    /** STARVED: more than this fraction of the connections completed nothing in the window. */
    public static final double STARVED_CONNECTIONS = 0.01;

    /** BELOW_CEILING: throughput under this fraction of the trial's ceiling with nothing saturated. */
    public static final double BELOW_CEILING = 0.85;

    /** Confidence level of the intervals drawn from repetitions. */
    public static final double CONFIDENCE = 0.95;
}
