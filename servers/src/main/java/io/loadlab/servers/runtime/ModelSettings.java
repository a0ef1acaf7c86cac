package io.loadlab.servers.runtime;

import io.loadlab.core.Json;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The part of a model's effective settings every model shares: model, host, bound port, pid and the JVM (version and
 * flags). A model adds its own threads, pools, queues and event loops after these, in a stable order.
 */
public final class ModelSettings {
    private ModelSettings() {}

    /** A mutable, insertion-ordered map starting with {@code model, host, port, pid, jvm}. */
    public static Map<String, Object> base(String model, String host, int port) {
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("model", model);
        s.put("host", host);
        s.put("port", port);
        s.put("pid", ProcessHandle.current().pid());
        Map<String, Object> jvm = new LinkedHashMap<>();
        jvm.put("version", Runtime.version().toString());
        jvm.put("vendor", System.getProperty("java.vendor"));
        jvm.put("flags", List.copyOf(ManagementFactory.getRuntimeMXBean().getInputArguments()));
        s.put("jvm", jvm);
        return s;
    }

    /** The settings as one line of JSON bytes, as served at {@code GET /settings}. */
    public static byte[] json(Map<String, Object> settings) {
        return Json.write(settings).getBytes(StandardCharsets.UTF_8);
    }

    /** {@code {"status":"DOWN","reason":"..."}}. */
    public static byte[] healthDown(String reason) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("status", "DOWN");
        m.put("reason", reason);
        return Json.write(m).getBytes(StandardCharsets.UTF_8);
    }
}
