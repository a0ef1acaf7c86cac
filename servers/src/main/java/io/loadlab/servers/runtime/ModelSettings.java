package io.loadlab.servers.runtime;

import io.loadlab.core.Json;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/** The settings and health bodies as JSON bytes, written the same way by every model of these packages. */
public final class ModelSettings {
    private ModelSettings() {}

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
