package io.loadlab.lab.spec;

import io.loadlab.core.unit.Duration;
import java.util.Locale;

/**
 * A dependency failed on purpose in the middle of the measured window: a suite's {@code fault: {kill: postgres, at:
 * 10s}} kills it ({@code SIGKILL}) {@code at} into the window and the lab starts it again at once where it was (the
 * same port, PostgreSQL on the same data), as a restart or a failover does; {@code fault: {stop: backend, at: 10s,
 * for: 5s}} stops it ({@code SIGSTOP}: a hung process, the connections left open) and continues it after
 * {@code for}. The outage lasts until the dependency answers again; what the model does before, during and after it is
 * measured as a trigger's (its goodput per second, the errors during the outage, the time from the dependency's return
 * to 90% of its earlier goodput, {@code NO_RECOVERY} when it never gets there).
 *
 * @param length how long a stop lasts; null for a kill (its outage is its restart)
 */
public record Fault(Target target, Action action, Duration at, Duration length) {
    /** The dependencies the lab can fail: those it started. */
    public enum Target {
        POSTGRES("PostgreSQL"),
        BACKEND("the backend");

        private final String label;

        Target(String label) {
            this.label = label;
        }

        /** {@code PostgreSQL}, {@code the backend}. */
        public String label() {
            return label;
        }

        static Target parse(String text) {
            return switch (text == null ? "" : text.trim().toLowerCase(Locale.ROOT)) {
                case "postgres", "postgresql", "database" -> POSTGRES;
                case "backend" -> BACKEND;
                default ->
                    throw new IllegalArgumentException("a fault's target is postgres or backend, not '" + text + "'");
            };
        }
    }

    /** What happens to it. */
    public enum Action {
        /** SIGKILL, then started again at once. */
        KILL,
        /** SIGSTOP, then SIGCONT after the fault's length. */
        STOP
    }

    /** The most a killed dependency may take to answer again before the trial gives up on it. */
    public static final Duration RESTART_LIMIT = Duration.ofSeconds(10);

    public Fault {
        if (target == null || action == null || at == null) {
            throw new IllegalArgumentException(
                    "a fault needs what to kill or stop and when, e.g. fault: {kill: postgres, at: 10s}");
        }
        if (action == Action.STOP && (length == null || length.nanos() <= 0)) {
            throw new IllegalArgumentException("a stop needs how long, e.g. fault: {stop: backend, at: 10s, for: 5s}");
        }
        if (action == Action.KILL && length != null) {
            throw new IllegalArgumentException("a kill takes no 'for': the dependency is started again at once");
        }
    }

    /** {@code fault: {kill: X, at: A}} or {@code fault: {stop: X, at: A, for: F}}, as a suite writes it. */
    static Fault parse(String kill, String stop, String at, String length) {
        if ((kill == null) == (stop == null)) {
            throw new IllegalArgumentException(
                    "a fault kills or stops one dependency: fault: {kill: postgres, at: 10s} or"
                            + " fault: {stop: backend, at: 10s, for: 5s}");
        }
        return new Fault(
                Target.parse(kill != null ? kill : stop),
                kill != null ? Action.KILL : Action.STOP,
                at == null ? null : Duration.parse(at),
                length == null ? null : Duration.parse(length));
    }

    /** What happened, as the report and the verdicts say it: {@code PostgreSQL killed (SIGKILL) and restarted}. */
    public String cause() {
        return action == Action.KILL
                ? target.label() + " killed (SIGKILL) and restarted"
                : target.label() + " stopped (SIGSTOP) for " + length;
    }

    /** The most the outage may last: a stop's length, a kill's restart limit. */
    public Duration longest() {
        return action == Action.STOP ? length : RESTART_LIMIT;
    }

    /** {@code kill postgres@10s}, {@code stop backend@10s+5s}. */
    public String label() {
        return action.name().toLowerCase(Locale.ROOT) + " " + target.name().toLowerCase(Locale.ROOT) + "@" + at
                + (length == null ? "" : "+" + length);
    }
}
