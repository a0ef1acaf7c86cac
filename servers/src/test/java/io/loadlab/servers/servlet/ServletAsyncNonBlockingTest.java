package io.loadlab.servers.servlet;

import static org.assertj.core.api.Assertions.assertThat;

import io.loadlab.core.settings.Limit;
import io.loadlab.servers.RunningServer;
import io.loadlab.servers.ServerModel;
import io.loadlab.servers.ServerSpec;
import io.loadlab.servers.runtime.NonBlockingModelChecks;
import org.junit.jupiter.api.Test;

/** servlet-async with {@code --offload nonblocking}: its timer must never block, and 1,000 delays finish together. */
class ServletAsyncNonBlockingTest extends NonBlockingModelChecks {
    @Override
    protected ServerModel model() {
        return new ServletAsyncModel();
    }

    @Override
    protected ServerSpec.Builder spec() {
        return super.spec().offload(ServerSpec.Offload.NONBLOCKING);
    }

    @Test
    void reportsTheOffload() throws Exception {
        RunningServer s = start(spec().build());
        assertThat(s.settings().own()).containsEntry("offload", "nonblocking").containsEntry("timer_threads", "1");
    }

    @Test
    void itsContainerPoolIsSizedToTheCpusUnlessSet() throws Exception {
        int cpus = Runtime.getRuntime().availableProcessors();
        assertThat(start(ServerSpec.builder("servlet-async").port(0).build())
                        .settings()
                        .threads()
                        .requestThreads())
                .isEqualTo(Limit.of(Math.max(8, 4 * cpus)));
        assertThat(start(spec().maxThreads(50).build()).settings().threads().requestThreads())
                .isEqualTo(Limit.of(50));
        assertThat(ServerSpec.builder("servlet-sync").build().containerThreads())
                .isEqualTo(200);
    }
}
