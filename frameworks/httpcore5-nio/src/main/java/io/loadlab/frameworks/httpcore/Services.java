package io.loadlab.frameworks.httpcore;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.ScheduledExecutorService;

/**
 * What the exchanges share: the scheduler that answers {@code /delay}, the worker pool that runs JDBC, the backend
 * client, the zip codes and the settings.
 */
record Services(
        ScheduledExecutorService scheduler,
        ExecutorService worker,
        BackendClient backend,
        ZipCodes zipCodes,
        AppSettings settings) {}
