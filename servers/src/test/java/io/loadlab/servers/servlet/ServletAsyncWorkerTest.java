package io.loadlab.servers.servlet;

import static org.assertj.core.api.Assertions.assertThat;

import io.loadlab.core.settings.Limit;
import io.loadlab.servers.RunningServer;
import io.loadlab.servers.ServerModel;
import io.loadlab.servers.ServerSpec;
import io.loadlab.servers.runtime.ConcurrentRequests;
import io.loadlab.servers.runtime.ModelChecks;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** servlet-async with {@code --offload worker}: the worker pool bounds slow requests, as in the Spring experiment. */
class ServletAsyncWorkerTest extends ModelChecks {
    @Override
    protected ServerModel model() {
        return new ServletAsyncModel();
    }

    @Override
    protected ServerSpec.Builder spec() {
        return super.spec().offload(ServerSpec.Offload.WORKER).workerThreads(4);
    }

    @Test
    void workersBoundTheSlowRequestsButNotTheFastOnes() throws Exception {
        RunningServer s = start(spec().maxThreads(16).build());
        assertThat(s.settings().own()).containsEntry("offload", "worker");
        assertThat(s.settings().threads().workerThreads()).isEqualTo(Limit.of(4));
        // 8 delays of 200 ms on 4 workers take two rounds: at least 400 ms
        ConcurrentRequests.Result slow = ConcurrentRequests.get(s.port(), "/delay?ms=200", 8, Duration.ofSeconds(10));
        assertThat(slow.ok()).isEqualTo(8);
        assertThat(slow.elapsed()).isGreaterThanOrEqualTo(Duration.ofMillis(400));
    }
}
