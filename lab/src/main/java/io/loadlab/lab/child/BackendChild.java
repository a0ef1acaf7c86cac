package io.loadlab.lab.child;

import io.loadlab.backend.BackendServer;
import io.loadlab.backend.RunningBackend;
import io.loadlab.core.proc.StopSignal;
import java.util.Map;

/** A {@link BackendJob} in its child: starts the backend, says it is ready, serves until SIGTERM. */
final class BackendChild {
    private BackendChild() {}

    static void run(BackendJob job, ChildMain.Events events) throws InterruptedException {
        StopSignal stop = StopSignal.install();
        try (RunningBackend backend = BackendServer.start(job.spec())) {
            Map<String, Object> settings =
                    Map.of("delay_ms", backend.delay().toMillis(), "event_loops", 1, "transport", backend.transport());
            events.emit(new ChildEvent.Ready(
                    backend.host(), backend.port(), ProcessHandle.current().pid(), settings));
            stop.await();
        }
    }
}
