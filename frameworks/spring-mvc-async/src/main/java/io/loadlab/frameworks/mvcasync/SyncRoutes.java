package io.loadlab.frameworks.mvcasync;

import jakarta.servlet.http.HttpServletRequest;
import java.util.concurrent.ExecutionException;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.core.task.AsyncTaskExecutor;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code LOADLAB_MODE=sync}, the study's {@code /sync-100ms}: each waiting route submits the same task to the worker
 * pool and blocks its Jetty thread on {@code Future.get()}, so a request holds a Jetty thread and a worker at once.
 */
@RestController
@ConditionalOnProperty(name = MvcApplication.MODE_PROPERTY, havingValue = "sync")
class SyncRoutes {
    private final Jobs jobs;
    private final AsyncTaskExecutor workers;

    SyncRoutes(Jobs jobs, @Qualifier(Workers.NAME) AsyncTaskExecutor workers) {
        this.jobs = jobs;
        this.workers = workers;
    }

    @GetMapping("/delay")
    ResponseEntity<byte[]> delay(HttpServletRequest request) throws InterruptedException, ExecutionException {
        return block(jobs.delay(request.getQueryString()));
    }

    @GetMapping("/backend")
    ResponseEntity<byte[]> backend() throws InterruptedException, ExecutionException {
        return block(jobs.backend());
    }

    @PostMapping("/zipcodes")
    ResponseEntity<byte[]> upsert(HttpServletRequest request) throws InterruptedException, ExecutionException {
        return block(jobs.upsert(request));
    }

    @GetMapping({"/zipcodes/{zip}", "/zipcodes/"})
    ResponseEntity<byte[]> find(@PathVariable(required = false) String zip)
            throws InterruptedException, ExecutionException {
        return block(jobs.find(zip));
    }

    private ResponseEntity<byte[]> block(Job job) throws InterruptedException, ExecutionException {
        return job.refusal() != null ? job.refusal() : workers.submit(job.task()).get();
    }
}
