package io.loadlab.lab.profile;

import java.util.Locale;

/**
 * What the lab samples in a server's JVM during the measured window: nothing, on-CPU stacks (where the CPU went), or
 * wall-clock stacks (where the threads were, running or waiting: the blocking models' view).
 */
public enum ProfileMode {
    OFF,
    CPU,
    WALL;

    /** {@code cpu} or {@code wall}, as the command line and results.json spell them. */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The mode named {@code cpu}, {@code wall} or {@code off}; a user error names the choices. */
    public static ProfileMode of(String s) {
        for (ProfileMode m : values()) {
            if (m.id().equalsIgnoreCase(s.trim())) {
                return m;
            }
        }
        throw new IllegalArgumentException("unknown profile mode '" + s + "': use cpu or wall (or --no-profile)");
    }
}
