package io.loadlab.frameworks.mvcasync;

import jakarta.servlet.http.HttpServletRequest;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.core.task.TaskExecutor;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.context.request.async.DeferredResult;

/**
 * {@code LOADLAB_MODE=async}, the study's {@code /async-100ms}: each waiting route returns a {@link DeferredResult}
 * at once, freeing the Jetty thread, and a worker completes it after blocking; Spring then dispatches the answer on a
 * Jetty thread again.
 */
@RestController
@ConditionalOnProperty(name = MvcApplication.MODE_PROPERTY, havingValue = "async")
class AsyncRoutes {
    private final Jobs jobs;
    private final TaskExecutor workers;

    AsyncRoutes(Jobs jobs, @Qualifier(Workers.NAME) TaskExecutor workers) {
        this.jobs = jobs;
        this.workers = workers;
    }

    @GetMapping("/delay")
    DeferredResult<ResponseEntity<byte[]>> delay(HttpServletRequest request) {
        return defer(jobs.delay(request.getQueryString()));
    }

    @GetMapping("/backend")
    DeferredResult<ResponseEntity<byte[]>> backend() {
        return defer(jobs.backend());
    }

    @PostMapping("/zipcodes")
    DeferredResult<ResponseEntity<byte[]>> upsert(HttpServletRequest request) {
        return defer(jobs.upsert(request));
    }

    @GetMapping({"/zipcodes/{zip}", "/zipcodes/"})
    DeferredResult<ResponseEntity<byte[]>> find(@PathVariable(required = false) String zip) {
        return defer(jobs.find(zip));
    }

    private DeferredResult<ResponseEntity<byte[]>> defer(Job job) {
        DeferredResult<ResponseEntity<byte[]>> result = new DeferredResult<>(MvcKnobs.DEFERRED_TIMEOUT_MS);
        if (job.refusal() != null) {
            result.setResult(job.refusal());
        } else {
            workers.execute(() -> {
                try {
                    result.setResult(job.task().call());
                } catch (Exception e) {
                    result.setErrorResult(e);
                }
            });
        }
        return result;
    }
}
