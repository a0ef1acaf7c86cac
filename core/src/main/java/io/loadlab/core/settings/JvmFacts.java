package io.loadlab.core.settings;

import com.sun.management.HotSpotDiagnosticMXBean;
import java.lang.management.ManagementFactory;
import java.util.List;

/**
 * This JVM's part of {@link ServerSettings}: version, vendor, the CPUs it sees, its heap as its flags set it (the
 * {@code InitialHeapSize} and {@code MaxHeapSize} options, which {@code Runtime.maxMemory()} reports less a survivor
 * space under some collectors) and its collector by name.
 */
public final class JvmFacts {
    private static final List<String> COLLECTORS = List.of("G1", "Serial", "Parallel", "Z", "Shenandoah", "Epsilon");

    private JvmFacts() {}

    public static ServerSettings.Jvm current() {
        HotSpotDiagnosticMXBean hs = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
        return new ServerSettings.Jvm(
                Runtime.version().toString(),
                System.getProperty("java.vm.vendor"),
                Runtime.getRuntime().availableProcessors(),
                option(hs, "InitialHeapSize", Runtime.getRuntime().totalMemory()),
                option(hs, "MaxHeapSize", Runtime.getRuntime().maxMemory()),
                gc(hs),
                ManagementFactory.getRuntimeMXBean().getInputArguments());
    }

    /** {@code G1}, {@code Serial}, ...: the collector whose {@code UseXGC} flag the JVM runs with. */
    static String gc(HotSpotDiagnosticMXBean hs) {
        if (hs != null) {
            for (String c : COLLECTORS) {
                try {
                    if ("true".equals(hs.getVMOption("Use" + c + "GC").getValue())) {
                        return c.equals("Z") ? "ZGC" : c;
                    }
                } catch (IllegalArgumentException e) {
                    // not a collector of this JVM
                }
            }
        }
        return String.join(
                ", ",
                ManagementFactory.getGarbageCollectorMXBeans().stream()
                        .map(java.lang.management.GarbageCollectorMXBean::getName)
                        .toList());
    }

    private static long option(HotSpotDiagnosticMXBean hs, String name, long fallback) {
        if (hs != null) {
            try {
                return Long.parseLong(hs.getVMOption(name).getValue());
            } catch (IllegalArgumentException e) {
                // not a HotSpot option here
            }
        }
        return fallback;
    }
}
