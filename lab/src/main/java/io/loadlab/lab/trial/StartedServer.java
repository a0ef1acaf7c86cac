package io.loadlab.lab.trial;

import io.loadlab.lab.child.ChildProcess;
import io.loadlab.lab.profile.ServerProfiler;
import io.loadlab.servers.ServerSpec;
import java.util.Map;

/**
 * A server under test that answers {@code /health}: its process, its base URL, the settings it announced (read once,
 * here), the settings its suite declares for it (a user's server; empty for a catalog model), the spec it was started
 * with (null for a user's own server, whose settings the lab does not know), and the profiler attached to
 * its JVM. The process is null for a server that was already running, which the lab did not start and does not stop
 * (nor profile).
 */
record StartedServer(
        ChildProcess process,
        String url,
        AnnouncedSettings announced,
        Map<String, String> declared,
        ServerSpec spec,
        ServerProfiler profiler) {
    /** True when the lab started the server (and so can sample and stop it); false for one already running. */
    boolean started() {
        return process != null;
    }

    /** The server's exit status when it died, null while it runs or when the lab did not start it. */
    Integer exitStatus() {
        return !started() || process.alive() ? null : process.process().exitValue();
    }
}
