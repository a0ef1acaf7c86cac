package io.loadlab.lab.sample;

import io.loadlab.core.LineTail;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The stop-the-world pauses of a JVM the lab started, from the garbage-collection log it asks each such JVM to write
 * ({@link io.loadlab.core.Defaults#gcLogFlags}): one line per collection, stamped with the JVM's
 * {@code System.nanoTime()} when the line was written, right after the pause ended. Every process on the host reads
 * the same monotonic clock, so the sampler counts each pause in the second it ended in. A pause is what the log calls
 * one ({@code GC(3) Pause Young (Allocation Failure) 102M->27M(365M) 64.556ms}: Serial, Parallel, G1, Shenandoah;
 * ZGC's among the phases, {@code GC(0) Y: Pause Mark End 0.015ms}, with the generation it paused for). Where the line
 * gives the heap before and after ({@code 102M->27M(365M)}), the heap in use after the span's last such pause is kept:
 * what a collection could not free, whose growth from collection to collection is a heap still filling. Used by one
 * thread at a time.
 */
public final class GcLog {
    /** {@code [<ns>ns] GC(<n>) [Y: |O: ]Pause <what> <ms>ms}: the end of the pause and its length. */
    private static final Pattern PAUSE =
            Pattern.compile("^\\[(\\d+)ns] GC\\(\\d+\\) (?:[A-Z]: )?Pause .* (\\d+(?:\\.\\d+)?)ms$");

    /** The heap a pause line gives, {@code 102M->27M(365M)}: after the collection (unit: K, M or G). */
    private static final Pattern HEAP = Pattern.compile(" \\d+[KMG]->(\\d+)([KMG])\\(\\d+[KMG]\\) ");

    /**
     * The pauses that ended in one span: how many, their milliseconds, and the heap in use after the last of them that
     * gives it, in MiB (-1 when none does).
     */
    public record Pauses(int count, double ms, double heapAfterMb) {
        static final Pauses NONE = new Pauses(0, 0, -1);
    }

    private record Pause(long endNanos, double ms, double heapAfterMb) {}

    private final LineTail tail;
    private final ArrayDeque<Pause> pending = new ArrayDeque<>();
    private int before;

    public GcLog(Path file) {
        this.tail = new LineTail(file);
    }

    /**
     * The pauses dropped so far for having ended before the span asked for: with contiguous spans from the window's
     * start, the pauses before the window (since the JVM started; a backend's, since its first trial).
     */
    public int before() {
        return before;
    }

    /** Whether the JVM has written its log: without one, its pauses are unknown, not zero. */
    public boolean exists() {
        return Files.exists(tail.file());
    }

    /**
     * The pauses that ended after {@code fromNanos} and by {@code toNanos} ({@code System.nanoTime()}); those that
     * ended before are dropped (a backend's log holds the trials before this one), later ones kept for the next call.
     * Null when the JVM wrote no log: unknown, not zero.
     */
    public Pauses take(long fromNanos, long toNanos) {
        if (!exists()) {
            return null;
        }
        for (String line : tail.newLines()) {
            Matcher m = PAUSE.matcher(line);
            if (m.matches()) {
                pending.add(new Pause(Long.parseLong(m.group(1)), Double.parseDouble(m.group(2)), heapAfterMb(line)));
            }
        }
        int count = 0;
        double ms = 0;
        double heapAfterMb = -1;
        while (!pending.isEmpty() && pending.peek().endNanos() - toNanos <= 0) {
            Pause p = pending.poll();
            if (p.endNanos() - fromNanos > 0) {
                count++;
                ms += p.ms();
                heapAfterMb = p.heapAfterMb() >= 0 ? p.heapAfterMb() : heapAfterMb;
            } else {
                before++;
            }
        }
        return count == 0 ? Pauses.NONE : new Pauses(count, ms, heapAfterMb);
    }

    /** The heap in use after the collection of a pause line, in MiB; -1 where the line gives none. */
    static double heapAfterMb(String line) {
        Matcher m = HEAP.matcher(line);
        if (!m.find()) {
            return -1;
        }
        double v = Long.parseLong(m.group(1));
        return switch (m.group(2)) {
            case "K" -> v / 1024;
            case "G" -> v * 1024;
            default -> v;
        };
    }
}
