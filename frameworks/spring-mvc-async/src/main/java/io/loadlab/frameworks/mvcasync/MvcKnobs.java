package io.loadlab.frameworks.mvcasync;

import io.loadlab.frameworks.common.AppEnv;


/**
 * The knobs of {@code spring-mvc-async} besides the common ones.
 *
 * @param maxThreads Jetty's {@code QueuedThreadPool} maximum ({@code LOADLAB_MAX_THREADS}; 0, the default: Spring
 *     Boot's default for Jetty, {@code server.jetty.threads.max} = 200)
 * @param workerThreads the worker pool that blocks ({@code LOADLAB_WORKER_THREADS}, default 16: the study's 156 req/s
 *     on its 100 ms routes is 16 workers ÷ 100 ms)
 * @param sync {@code LOADLAB_MODE=sync}: the Jetty thread blocks on the worker's {@code Future}; {@code async}, the
 *     default, returns a {@code DeferredResult}
 */
record MvcKnobs(int maxThreads, int workerThreads, boolean sync) {
    static final String MAX_THREADS = "LOADLAB_MAX_THREADS";
    static final String WORKER_THREADS = "LOADLAB_WORKER_THREADS";
    static final String MODE = "LOADLAB_MODE";

    /** The study's worker pool; it does not state the size, and 16 fits its 156 req/s at 100 ms. */
    static final int DEFAULT_WORKER_THREADS = 16;

    /** The study's worker queue (caller-runs beyond it). */
    static final int WORKER_QUEUE = 10_000;

    /** The study's {@code DeferredResult} timeout. */
    static final long DEFERRED_TIMEOUT_MS = 120_000;

    static MvcKnobs from(AppEnv env) {
        return new MvcKnobs(
                env.integer(MAX_THREADS, 0),
                Math.max(1, env.integer(WORKER_THREADS, DEFAULT_WORKER_THREADS)),
                sync(env.text(MODE, "async")));
    }

    private static boolean sync(String mode) {
        return switch (mode) {
            case "async" -> false;
            case "sync" -> true;
            default -> throw new IllegalArgumentException(MODE + ": expected async or sync, got '" + mode + "'");
        };
    }

    String mode() {
        return sync ? "sync" : "async";
    }
}
