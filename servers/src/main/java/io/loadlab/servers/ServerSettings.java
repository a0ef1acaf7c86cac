package io.loadlab.servers;

import java.lang.management.ManagementFactory;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The settings every model reports first: model, host, bound port, process id and the JVM that runs it. */
public final class ServerSettings {
    private ServerSettings() {}

    /** A mutable, insertion-ordered map to which the model adds its own threads, pools, queues and event loops. */
    public static Map<String, Object> base(ServerSpec spec, int boundPort) {
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("model", spec.model().id());
        s.put("host", spec.host());
        s.put("port", boundPort);
        s.put("pid", ProcessHandle.current().pid());
        s.put("jvm", jvm());
        s.put("backlog", spec.backlog());
        s.put("scheme", spec.tls() == null ? "http" : "https");
        s.put("protocol", spec.protocol());
        return s;
    }

    public static Map<String, Object> jvm() {
        Map<String, Object> jvm = new LinkedHashMap<>();
        jvm.put("version", Runtime.version().toString());
        jvm.put("vendor", System.getProperty("java.vm.vendor"));
        jvm.put("available_processors", Runtime.getRuntime().availableProcessors());
        jvm.put("max_heap_bytes", Runtime.getRuntime().maxMemory());
        jvm.put("flags", List.copyOf(ManagementFactory.getRuntimeMXBean().getInputArguments()));
        return jvm;
    }
}
