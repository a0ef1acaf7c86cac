package io.loadlab.lab.child;

import io.loadlab.core.proc.StopSignal;
import io.loadlab.servers.RunningServer;
import io.loadlab.servers.ServerModels;

/** A {@link ServeJob} in its child: starts the model, says it is ready, serves until SIGTERM, closes gracefully. */
final class ServeChild {
    private ServeChild() {}

    static void run(ServeJob job, ChildMain.Events events) throws Exception {
        StopSignal stop = StopSignal.install();
        try (RunningServer server = ServerModels.of(job.spec().model()).start(job.spec())) {
            events.emit(new ChildEvent.Serving(
                    job.spec().host(), server.port(), ProcessHandle.current().pid(), server.settings()));
            stop.await();
        }
    }
}
