package io.loadlab.lab.profile;

import com.sun.management.GarbageCollectionNotificationInfo;
import com.sun.management.ThreadMXBean;
import io.loadlab.core.result.ServerProfile;
import java.io.IOException;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.reflect.UndeclaredThrowableException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;
import javax.management.InstanceNotFoundException;
import javax.management.ListenerNotFoundException;
import javax.management.MBeanServerConnection;
import javax.management.NotificationListener;
import javax.management.ObjectName;
import javax.management.openmbean.CompositeData;

/**
 * A JVM's garbage collections, heap allocation and threads over a window, from its platform MXBeans: counts and
 * totals as differences between the window's two ends, the longest pause from the collectors' notifications, the
 * thread peak from a reset at the start. Pauses are what the stop-the-world collectors report (G1's young, mixed,
 * full, remark and cleanup; Serial; Parallel; ZGC's and Shenandoah's pause beans), never a concurrent cycle.
 */
final class JvmFigures {
    private final MBeanServerConnection mbeans;
    private final List<GarbageCollectorMXBean> pausing = new ArrayList<>();
    private final List<ObjectName> listening = new ArrayList<>();
    private final ThreadMXBean threads;
    private final AtomicLong notified = new AtomicLong();
    private long maxMs;
    private final NotificationListener listener = (n, handback) -> {
        if (GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(n.getType())) {
            GarbageCollectionNotificationInfo info =
                    GarbageCollectionNotificationInfo.from((CompositeData) n.getUserData());
            if (pauses(info.getGcName())) {
                notified.incrementAndGet();
                record(info.getGcInfo().getDuration());
            }
        }
    };
    private String collector = "";
    private long count0;
    private long timeMs0;
    private long allocated0;
    private long start;

    JvmFigures(MBeanServerConnection mbeans) throws IOException {
        this.mbeans = mbeans;
        this.threads = ManagementFactory.newPlatformMXBeanProxy(
                mbeans, ManagementFactory.THREAD_MXBEAN_NAME, ThreadMXBean.class);
        List<String> names = new ArrayList<>();
        for (GarbageCollectorMXBean gc : ManagementFactory.getPlatformMXBeans(mbeans, GarbageCollectorMXBean.class)) {
            names.add(gc.getName());
            if (pauses(gc.getName())) {
                pausing.add(gc);
            }
        }
        collector = collectorOf(names);
    }

    /** Opens the window: the totals so far, the thread peak reset, the collectors' notifications on. */
    void open() throws IOException {
        for (GarbageCollectorMXBean gc : pausing) {
            try {
                mbeans.addNotificationListener(gc.getObjectName(), listener, null, null);
                listening.add(gc.getObjectName());
            } catch (InstanceNotFoundException e) {
                // a collector that went away cannot pause
            }
        }
        count0 = count();
        timeMs0 = timeMs();
        allocated0 = allocated();
        threads.resetPeakThreadCount();
        start = System.nanoTime();
    }

    /** Closes the window and returns its figures. */
    ServerProfile.Jvm close() throws IOException {
        double seconds = (System.nanoTime() - start) / 1e9;
        long pauses = count() - count0;
        long totalMs = timeMs() - timeMs0;
        long allocated = Math.max(0, allocated() - allocated0);
        int peak = threads.getPeakThreadCount();
        // notifications travel apart from the reads: give the last ones a moment to arrive
        long until = System.nanoTime() + 500_000_000L;
        while (notified.get() < pauses && System.nanoTime() - until < 0) {
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        for (ObjectName n : listening) {
            try {
                mbeans.removeNotificationListener(n, listener);
            } catch (InstanceNotFoundException | ListenerNotFoundException e) {
                // gone with the JVM
            }
        }
        double max = pauses == 0 ? 0 : maxMs();
        return new ServerProfile.Jvm(
                collector,
                pauses,
                totalMs,
                Math.min(max, totalMs),
                allocated,
                seconds > 0 ? allocated / seconds / 1e6 : 0,
                peak);
    }

    private synchronized void record(long durationMs) {
        maxMs = Math.max(maxMs, durationMs);
    }

    private synchronized long maxMs() {
        return maxMs;
    }

    private long count() {
        long n = 0;
        for (GarbageCollectorMXBean gc : pausing) {
            n += Math.max(0, gc.getCollectionCount());
        }
        return n;
    }

    private long timeMs() {
        long n = 0;
        for (GarbageCollectorMXBean gc : pausing) {
            n += Math.max(0, gc.getCollectionTime());
        }
        return n;
    }

    /** Heap bytes allocated by every thread since the JVM started (JDK 14+), else by the live threads only. */
    private long allocated() {
        try {
            return threads.getTotalThreadAllocatedBytes();
        } catch (UnsupportedOperationException | UndeclaredThrowableException e) {
            long[] ids = threads.getAllThreadIds();
            long n = 0;
            for (long b : threads.getThreadAllocatedBytes(ids)) {
                n += Math.max(0, b);
            }
            return n;
        }
    }

    /** A collector bean that reports pauses: everything but the concurrent cycles of ZGC and Shenandoah. */
    static boolean pauses(String bean) {
        return !bean.contains("Cycles");
    }

    /** The collector's usual name from its beans' names: "G1", "Serial", "Parallel", "ZGC", "Shenandoah". */
    static String collectorOf(List<String> beans) {
        String all = String.join(",", beans).toLowerCase(Locale.ROOT);
        if (all.contains("g1")) {
            return "G1";
        }
        if (all.contains("zgc")) {
            return "ZGC";
        }
        if (all.contains("shenandoah")) {
            return "Shenandoah";
        }
        if (all.contains("ps scavenge") || all.contains("ps marksweep")) {
            return "Parallel";
        }
        if (all.contains("copy") || all.contains("marksweepcompact")) {
            return "Serial";
        }
        if (all.contains("epsilon") || beans.isEmpty()) {
            return beans.isEmpty() ? "none" : "Epsilon";
        }
        return String.join(", ", beans);
    }
}
