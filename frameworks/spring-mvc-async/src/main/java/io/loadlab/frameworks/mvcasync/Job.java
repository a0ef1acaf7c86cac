package io.loadlab.frameworks.mvcasync;

import java.util.concurrent.Callable;
import org.springframework.http.ResponseEntity;

/**
 * One waiting request after validation on the Jetty thread: either refused at once ({@code refusal}, e.g. a bad
 * {@code ms}) or a blocking {@code task} for the worker pool (it sleeps, calls the backend or runs JDBC, and never
 * throws: failures are answers).
 */
record Job(ResponseEntity<byte[]> refusal, Callable<ResponseEntity<byte[]>> task) {
    static Job refuse(ResponseEntity<byte[]> answer) {
        return new Job(answer, null);
    }

    static Job of(Callable<ResponseEntity<byte[]>> task) {
        return new Job(null, task);
    }
}
