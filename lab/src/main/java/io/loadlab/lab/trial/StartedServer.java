package io.loadlab.lab.trial;

import io.loadlab.lab.child.ChildProcess;
import io.loadlab.lab.profile.ServerProfiler;
import io.loadlab.servers.ServerSpec;
import java.util.Map;

/**
 * A server under test that answers {@code /health}: its process, its base URL, the settings it announced, the spec it
 * was started with (null for a user's own server, whose settings the lab does not know), and the profiler attached to
 * its JVM.
 */
record StartedServer(
        ChildProcess process, String url, Map<String, Object> settings, ServerSpec spec, ServerProfiler profiler) {}
