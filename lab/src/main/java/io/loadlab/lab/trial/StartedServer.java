package io.loadlab.lab.trial;

import io.loadlab.lab.child.ChildProcess;
import io.loadlab.servers.ServerSpec;
import java.util.Map;

/**
 * A server under test that answers {@code /health}: its process, its base URL, the settings it announced, and the
 * spec it was started with (null for a user's own server, whose settings the lab does not know). The process is null
 * for a server that was already running, which the lab did not start and does not stop.
 */
record StartedServer(ChildProcess process, String url, Map<String, Object> settings, ServerSpec spec) {
    /** True when the lab started the server (and so can sample and stop it); false for one already running. */
    boolean started() {
        return process != null;
    }
}
