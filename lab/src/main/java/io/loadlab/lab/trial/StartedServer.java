package io.loadlab.lab.trial;

import io.loadlab.lab.child.ChildProcess;
import io.loadlab.servers.ServerSpec;
import java.util.Map;

/**
 * A server under test that answers {@code /health}: its process, its base URL, the settings it announced, and the
 * spec it was started with (null for a user's own server, whose settings the lab does not know).
 */
record StartedServer(ChildProcess process, String url, Map<String, Object> settings, ServerSpec spec) {}
