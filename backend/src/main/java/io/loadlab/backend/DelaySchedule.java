package io.loadlab.backend;

import io.loadlab.core.ContractLimits;
import io.loadlab.core.UserError;
import io.loadlab.core.unit.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * How the delay of {@code GET /hello} changes over time: an initial delay, then steps, each "so much later, the delay
 * becomes this". Written {@code 50ms,10s:1s,5s:50ms}: 50 ms at first, 1 s from 10 s on, 50 ms again 5 s after that —
 * a dependency that slows down for a while in the middle of a run and then recovers (the trigger of a metastable
 * failure). The clock starts when the backend starts, and again when its schedule is set or its stats are reset.
 *
 * @param initial the delay before the first step
 * @param steps the changes, in order
 */
public record DelaySchedule(Duration initial, List<Step> steps) {
    /** {@code after} the previous change (or the start), the delay becomes {@code delay}. */
    public record Step(Duration after, Duration delay) {}

    public DelaySchedule {
        steps = List.copyOf(steps);
    }

    /** The same delay all the time. */
    public static DelaySchedule constant(Duration delay) {
        return new DelaySchedule(delay, List.of());
    }

    /** {@code base}, then {@code delay} from {@code at} for {@code length}, then {@code base} again. */
    public static DelaySchedule trigger(Duration base, Duration delay, Duration at, Duration length) {
        return new DelaySchedule(base, List.of(new Step(at, delay), new Step(length, base)));
    }

    /** Reads {@code 50ms,10s:1s,5s:50ms}; anything else is a one-line {@link UserError}. */
    public static DelaySchedule parse(String text) {
        String[] parts = text == null ? new String[0] : text.trim().split(",");
        if (parts.length == 0 || parts[0].isBlank()) {
            throw bad(text, "it is empty");
        }
        Duration initial = delay(text, parts[0]);
        List<Step> steps = new ArrayList<>();
        for (int i = 1; i < parts.length; i++) {
            String[] p = parts[i].split(":");
            if (p.length != 2) {
                throw bad(text, "'" + parts[i].trim() + "' is not AFTER:DELAY");
            }
            steps.add(new Step(duration(text, p[0]), delay(text, p[1])));
        }
        return new DelaySchedule(initial, steps);
    }

    /** This schedule starting from {@code delay}. */
    public DelaySchedule withInitial(Duration delay) {
        return new DelaySchedule(delay, steps);
    }

    /** The delay at {@code sinceStartNanos} after the schedule's clock started, in milliseconds. */
    public long delayMs(long sinceStartNanos) {
        long at = 0;
        long ms = initial.toMillis();
        for (Step s : steps) {
            at += s.after().nanos();
            if (sinceStartNanos < at) {
                break;
            }
            ms = s.delay().toMillis();
        }
        return ms;
    }

    /** The written form, which {@link #parse} reads back. */
    @Override
    public String toString() {
        StringBuilder b = new StringBuilder(initial.toString());
        for (Step s : steps) {
            b.append(',').append(s.after()).append(':').append(s.delay());
        }
        return b.toString();
    }

    private static Duration delay(String text, String part) {
        Duration d = duration(text, part);
        if (d.toMillis() > ContractLimits.MAX_DELAY_MS) {
            throw bad(text, "a delay must be at most " + ContractLimits.MAX_DELAY_MS + "ms");
        }
        return d;
    }

    private static Duration duration(String text, String part) {
        try {
            return Duration.parse(part.trim());
        } catch (RuntimeException e) {
            throw bad(text, "'" + part.trim() + "' is not a duration");
        }
    }

    private static UserError bad(String text, String why) {
        return new UserError("--delay-schedule '" + text + "': " + why
                + "; expected DELAY[,AFTER:DELAY...], e.g. 50ms,10s:1s,5s:50ms");
    }
}
