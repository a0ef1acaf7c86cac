package io.loadlab.core.host;

import java.util.List;

/**
 * One checked host setting: its value, whether it is fine, a one-line explanation of what it limits, and the exact
 * lines that raise it (empty when nothing needs doing).
 */
public record Finding(String name, String value, Status status, String explanation, List<String> fix) {
    public enum Status {
        OK,
        /** Not a hard ceiling, but it will distort results at high load (e.g. a small accept backlog). */
        WARN,
        /** The setting that binds the connection ceiling. */
        LIMIT,
        /** Could not be read. */
        UNKNOWN
    }
}
