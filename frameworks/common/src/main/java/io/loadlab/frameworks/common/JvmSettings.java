package io.loadlab.frameworks.common;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The settings every application reports first, under the reference servers' keys: model, host, port, pid, JVM. */
public final class JvmSettings {
    private JvmSettings() {}

    /** A mutable, insertion-ordered map to which the application adds its framework, server and pools. */
    public static Map<String, Object> base(String model, String host, int port) {
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("model", model);
        s.put("host", host);
        s.put("port", port);
        s.put("pid", ProcessHandle.current().pid());
        s.put("jvm", jvm());
        s.put("scheme", "http");
        s.put("protocol", "http/1.1");
        return s;
    }

    static Map<String, Object> jvm() {
        Map<String, Object> jvm = new LinkedHashMap<>();
        jvm.put("version", Runtime.version().toString());
        jvm.put("vendor", System.getProperty("java.vm.vendor"));
        jvm.put("available_processors", Runtime.getRuntime().availableProcessors());
        jvm.put("max_heap_bytes", Runtime.getRuntime().maxMemory());
        jvm.put("gc", gc());
        jvm.put("flags", List.copyOf(ManagementFactory.getRuntimeMXBean().getInputArguments()));
        return jvm;
    }

    /** The collectors' names, e.g. {@code G1 Young Generation, G1 Old Generation}. */
    static String gc() {
        return String.join(
                ", ",
                ManagementFactory.getGarbageCollectorMXBeans().stream()
                        .map(GarbageCollectorMXBean::getName)
                        .toList());
    }
}
