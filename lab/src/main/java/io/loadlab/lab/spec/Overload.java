package io.loadlab.lab.spec;

import io.loadlab.backend.DelaySchedule;
import io.loadlab.core.Defaults;
import io.loadlab.core.result.VerdictDefaults;
import io.loadlab.core.unit.Duration;
import io.loadlab.loadgen.LoadgenDefaults;
import io.loadlab.loadgen.RetryPolicy;

/**
 * How a scenario's clients behave when answers are late, and the slowdown it puts them through: the load generator's
 * {@code timeout} and {@code retries} (with {@code retryBackoff}), and a {@code trigger}, the backend's delay raised
 * for a while in the middle of the window. A suite's {@code scenario:} sets them
 * ({@code retries: 3, retry_backoff: 50ms, timeout: 500ms, trigger: {delay: 1s, at: 10s, for: 5s}}).
 *
 * @param trigger null: the backend's delay stays the suite's
 * @param fault a dependency failed on purpose mid-window ({@link Fault}); null: none
 */
public record Overload(int retries, Duration retryBackoff, Duration timeout, Trigger trigger, Fault fault) {
    /** No retries, the default timeout, no trigger, no fault. */
    public static final Overload NONE = new Overload(0, null, null, null, null);

    /** From {@code at} into the measured window, for {@code length}, the backend answers after {@code delay}. */
    public record Trigger(Duration delay, Duration at, Duration length) {
        public Trigger {
            if (delay == null || at == null || length == null || length.nanos() <= 0) {
                throw new IllegalArgumentException(
                        "a trigger needs its delay, at and for, e.g." + " trigger: {delay: 1s, at: 10s, for: 5s}");
            }
        }

        /** The backend's schedule: {@code base}, {@code delay} during the trigger, {@code base} again. */
        public DelaySchedule schedule(Duration base) {
            return DelaySchedule.trigger(base, delay, at, length);
        }

        /** When the trigger ends, seconds into the window. */
        public double endS() {
            return at.toSeconds() + length.toSeconds();
        }
    }

    public Overload {
        if (trigger != null && fault != null) {
            throw new IllegalArgumentException("a scenario has a trigger or a fault, not both");
        }
        retryBackoff = retryBackoff == null ? LoadgenDefaults.RETRY_BACKOFF : retryBackoff;
        timeout = timeout == null ? Defaults.TIMEOUT : timeout;
        RetryPolicy.of(retries, retryBackoff); // a bad value is refused with the suite, not at the trial
    }

    /**
     * A suite's {@code retries}, {@code retry_backoff}, {@code timeout} and {@code trigger} ({@code delay}, {@code at},
     * {@code for}), each null when absent.
     */
    static Overload parse(Integer retries, String retryBackoff, String timeout, String[] trigger, Fault fault) {
        Trigger t =
                trigger == null ? null : new Trigger(duration(trigger[0]), duration(trigger[1]), duration(trigger[2]));
        return new Overload(retries == null ? 0 : retries, duration(retryBackoff), duration(timeout), t, fault);
    }

    /** True when something happens to a dependency mid-window on purpose: a trigger or a fault. */
    public boolean disrupted() {
        return trigger != null || fault != null;
    }

    private static Duration duration(String text) {
        return text == null ? null : Duration.parse(text);
    }

    /**
     * The measured window of a trial of this scenario: the suite's {@code duration}, stretched for a trigger until the
     * verdict can be decided: twice the METASTABLE threshold after the trigger's end.
     */
    public Duration window(Duration duration) {
        if (!disrupted()) {
            return duration;
        }
        long until = trigger != null
                ? trigger.at().nanos() + trigger.length().nanos()
                : fault.at().nanos() + fault.longest().nanos();
        long needed = until + (long) (2 * VerdictDefaults.METASTABLE_SECONDS * 1e9);
        return Duration.ofNanos(Math.max(duration.nanos(), needed));
    }

    /** The load generator's retry policy. */
    public RetryPolicy retry() {
        return RetryPolicy.of(retries, retryBackoff);
    }

    /** A short label for output: {@code retries 3 trigger 1s@10s+5s}; empty when nothing is set. */
    public String label() {
        String r = retries > 0 ? " retries " + retries : "";
        String t = trigger == null ? "" : " trigger " + trigger.delay() + "@" + trigger.at() + "+" + trigger.length();
        String f = fault == null ? "" : " fault " + fault.label();
        return r + t + f;
    }
}
