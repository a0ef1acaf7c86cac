package io.loadlab.lab.sample;

import java.io.IOException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Watches a server's heap during the warm-up for its first garbage collection: a JVM's first collections under load
 * copy what its start-up left and are often its longest (the quick suite's virtual-threads at 1,000 connections
 * through the 100 ms backend: 33-43 ms, its only one, inside its 5 s window, and the trial NOT_STEADY for it in three
 * runs of four). {@link #ready} says whether the window may open as far as collections go: once the JVM has collected
 * (a second ago or more, so the backlog its pause left has drained); or when its eden, filling at the rate of the last
 * second, would not fill within a window opened now (it collects after the window, if at all) or not before the
 * warm-up's limit (waiting would only spend the limit); or when its counters cannot be read. Reads the JVM's
 * collections from its counters ({@link HsPerfData}), and its eden's use and capacity from them too under G1, which
 * keeps them current as it hands out regions; under Serial and Parallel, the collectors a JVM picks on the one or two
 * cores the lab pins a server to, the counters give a space's use only as of the last collection (on the JDK 25 the
 * lab runs), so the eden comes from {@code GC.heap_info} ({@link JvmCommand}). Under ZGC and Shenandoah it does not
 * wait, nor attach. Not thread-safe.
 */
public final class GcWatch {
    /** How long after the first collection the window may open: its pause's backlog drains first. */
    public static final long SETTLE_NANOS = 1_000_000_000L;

    /** A JVM's heap: its collections so far (-1 unknown), its young generation's first space (null unknown). */
    interface Counters {
        long collections();

        /** {used, capacity} in bytes. */
        long[] eden();
    }

    /** Each collector's count of collections: Serial's, Parallel's and Shenandoah's 0 and 1, G1's 0-2, ZGC's 0 and 2. */
    private static final String[] INVOCATIONS = {
        "sun.gc.collector.0.invocations",
        "sun.gc.collector.1.invocations",
        "sun.gc.collector.2.invocations",
        "sun.gc.collector.3.invocations"
    };

    /** The counters of a heap's young generation's first space: the eden under Serial, Parallel and G1. */
    private static final String EDEN_COUNTERS = "sun.gc.generation.0.space.0.";

    /** The eden line of {@code GC.heap_info} under Serial and Parallel (no spaces after its commas): bottom, top, end. */
    private static final Pattern EDEN_LINE = Pattern.compile(
            "eden space \\d+K, +\\d+% used \\[0x(\\p{XDigit}+), *0x(\\p{XDigit}+), *0x(\\p{XDigit}+)\\)");

    private final Counters counters;
    private final LastSecond fill = new LastSecond();
    /** When the first collection was seen; back-dated by the settling time when it came before the first look. */
    private long collectedAt = Long.MIN_VALUE;

    private boolean first = true;

    GcWatch(Counters counters) {
        this.counters = counters;
    }

    /**
     * A watch of the JVM with this pid; one that is always ready when the JVM publishes no counters. It attaches to
     * the JVM only to read a Serial or Parallel eden before the first collection: not at all for a JVM that had
     * collected already.
     */
    public static GcWatch of(long pid) {
        HsPerfData d = HsPerfData.of(pid);
        if (d == null) {
            return new GcWatch(null);
        }
        String young = d.text("sun.gc.collector.0.name"); // "Serial young collection pauses", "G1 young ..."
        // only these two print an eden in GC.heap_info: the lab does not attach to a JVM under another collector
        boolean heapInfo = young != null && (young.startsWith("Serial") || young.startsWith("Parallel"));
        return new GcWatch(new Counters() {
            private JvmCommand jcmd;
            private boolean failed;

            @Override
            public long collections() {
                long n = -1;
                for (String counter : INVOCATIONS) {
                    long c = d.get(counter);
                    if (c >= 0) {
                        n = Math.max(n, 0) + c;
                    }
                }
                return n;
            }

            @Override
            public long[] eden() {
                long used = d.get(EDEN_COUNTERS + "used");
                if (used > 0) {
                    return new long[] {used, d.get(EDEN_COUNTERS + "capacity")}; // G1 keeps them current
                }
                if (failed || !heapInfo) {
                    return null;
                }
                try {
                    if (jcmd == null) {
                        jcmd = JvmCommand.attach(pid);
                    }
                    long[] e = edenOf(jcmd.run("GC.heap_info"));
                    failed = e == null; // a heap_info this class cannot read: not watched
                    return e;
                } catch (IOException e) {
                    failed = true; // attaching disabled, or the JVM gone
                    return null;
                }
            }
        });
    }

    /** {used, capacity} of the eden in a {@code GC.heap_info} output, or null when it names none. */
    static long[] edenOf(String heapInfo) {
        Matcher m = EDEN_LINE.matcher(heapInfo);
        if (!m.find()) {
            return null;
        }
        long bottom = Long.parseUnsignedLong(m.group(1), 16);
        long top = Long.parseUnsignedLong(m.group(2), 16);
        long end = Long.parseUnsignedLong(m.group(3), 16);
        return new long[] {top - bottom, end - bottom};
    }

    /**
     * Whether a window of {@code window} nanoseconds may open at {@code now} as far as the first collection goes, with
     * the warm-up's limit at {@code limit} (both {@code System.nanoTime()}); takes a sample, so call about every 100 ms
     * or more.
     */
    public boolean ready(long now, long window, long limit) {
        if (counters == null) {
            return true;
        }
        long n = counters.collections();
        if (n < 0) {
            return true;
        }
        if (n > 0) {
            if (collectedAt == Long.MIN_VALUE) {
                // collected before the warm-up watched it (in its start-up): nothing left to drain
                collectedAt = first ? now - SETTLE_NANOS : now;
            }
            first = false;
            return now - collectedAt >= SETTLE_NANOS;
        }
        first = false;
        long[] eden = counters.eden();
        if (eden == null || eden[1] <= 0) {
            return true;
        }
        long used = eden[0];
        long capacity = eden[1];
        double perNano = fill.rate(now, used);
        if (Double.isNaN(perNano)) {
            return false; // not a whole second watched yet: its rate is unknown
        }
        if (perNano <= 0) {
            return true; // not filling: no collection to wait for
        }
        double full = now + Math.max(0, capacity - used) / perNano;
        // one second past the window too: the sampler's last second of it may end that late
        return full > now + window + SETTLE_NANOS || full + SETTLE_NANOS > limit;
    }

    /** Whether the JVM had collected when last asked; false when unknown. */
    public boolean collected() {
        return collectedAt != Long.MIN_VALUE;
    }
}
