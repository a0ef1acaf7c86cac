package io.loadlab.frameworks.mvcasync;

import java.util.concurrent.ThreadPoolExecutor;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.scheduling.concurrent.ThreadPoolTaskExecutor;

/**
 * The study's {@code workerPool}: {@code LOADLAB_WORKER_THREADS} fixed threads, a queue of 10,000 and caller-runs
 * past it (the Jetty thread then blocks itself). Its size bounds the waiting routes: workers ÷ wait.
 */
@Configuration(proxyBeanMethods = false)
class Workers {
    static final String NAME = "workerPool";

    @Bean(NAME)
    ThreadPoolTaskExecutor workerPool(MvcKnobs knobs) {
        ThreadPoolTaskExecutor pool = new ThreadPoolTaskExecutor();
        pool.setCorePoolSize(knobs.workerThreads());
        pool.setMaxPoolSize(knobs.workerThreads());
        pool.setQueueCapacity(MvcKnobs.WORKER_QUEUE);
        pool.setRejectedExecutionHandler(new ThreadPoolExecutor.CallerRunsPolicy());
        pool.setThreadNamePrefix("worker-");
        pool.setWaitForTasksToCompleteOnShutdown(true);
        pool.setAwaitTerminationSeconds(3);
        return pool;
    }
}
