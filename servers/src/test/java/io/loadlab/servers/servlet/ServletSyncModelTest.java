package io.loadlab.servers.servlet;

import static org.assertj.core.api.Assertions.assertThat;

import io.loadlab.core.settings.Limit;
import io.loadlab.servers.RunningServer;
import io.loadlab.servers.ServerModel;
import io.loadlab.servers.runtime.ModelChecks;
import org.junit.jupiter.api.Test;

class ServletSyncModelTest extends ModelChecks {
    @Override
    protected ServerModel model() {
        return new ServletSyncModel();
    }

    @Test
    void maxThreadsIsSettableAndReported() throws Exception {
        RunningServer s = start(spec().maxThreads(16).build());
        assertThat(s.settings().threads().requestThreads()).isEqualTo(Limit.of(16));
        assertThat(get(s.port(), "/delay?ms=10").body()).isEqualTo("OK");
    }
}
