package io.loadlab.lab.deps;

/**
 * A dependency died and the lab cannot start it again: the suite stops here (exit status 1), its finished trials
 * kept, with this one line to say what and how to fix it.
 */
public final class DependencyLost extends RuntimeException {
    public DependencyLost(String message) {
        super(message);
    }
}
