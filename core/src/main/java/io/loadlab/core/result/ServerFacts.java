package io.loadlab.core.result;

import java.util.Map;

/**
 * The server of a trial as it ran: the effective settings it announced (threads, pools, queues, event loops, JVM
 * flags) and, when it died during the trial, its exit status (else null).
 */
public record ServerFacts(Map<String, Object> settings, Integer exitStatus) {
    public static final ServerFacts UNKNOWN = new ServerFacts(Map.of(), null);
}
