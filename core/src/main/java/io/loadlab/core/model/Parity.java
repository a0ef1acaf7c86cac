package io.loadlab.core.model;

import io.loadlab.core.Defaults;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.BiPredicate;

/**
 * The settings in which the models of one experiment differ although no model takes them as its own knob: a database
 * pool, a heap, a GC, an HTTP client's connection limit, JVM flags, a worker pool. Each such difference is a reason a
 * ranking may say more about the setup than about the models, so the answer names it ({@code PARITY}); equal
 * settings are the default, and a suite that sets a difference on purpose is warned all the same.
 */
public final class Parity {
    /**
     * The settings compared, as the servers report them at {@code GET /settings} (nested keys with a dot). A user's
     * own model adds the settings its suite declares for it.
     */
    public static final List<String> COMPARED = List.of(
            "db_pool",
            "backlog",
            "backend_max_connections",
            "worker_threads",
            "jvm.max_heap_bytes",
            "jvm.gc",
            "jvm.flags");

    /** Shown for a model that does not report a setting another model of the experiment does. */
    public static final String NOT_SET = "(not set)";

    private Parity() {}

    /** One setting and each model's value of it, in the experiment's model order. */
    public record Difference(String setting, Map<String, String> byModel) {
        public Difference {
            byModel = Collections.unmodifiableMap(new LinkedHashMap<>(byModel));
        }

        /** {@code db_pool: spring-mvc 10, netty 16}. */
        public String text() {
            StringBuilder b = new StringBuilder(setting).append(':');
            String sep = " ";
            for (Map.Entry<String, String> e : byModel.entrySet()) {
                b.append(sep).append(e.getKey()).append(' ').append(e.getValue());
                sep = ", ";
            }
            return b.toString();
        }
    }

    /**
     * The differences among {@code settingsByModel} (each model's reported settings, insertion-ordered), leaving out
     * for each model the settings {@code ownKnob} says are that model's own knob (servlet-sync's {@code max_threads}):
     * a model is expected to differ there. Models that report nothing at all (a server already running) are left out.
     *
     * @param declared per user model (a server of the user's own), the settings its suite declares for it, possibly
     *     none: compared too, a declared setting against its absence included
     */
    public static List<Difference> of(
            Map<String, Map<String, Object>> settingsByModel,
            Map<String, Map<String, String>> declared,
            BiPredicate<String, String> ownKnob) {
        Set<String> keys = new LinkedHashSet<>(COMPARED);
        declared.values().forEach(d -> keys.addAll(d.keySet()));
        List<Difference> out = new ArrayList<>();
        for (String key : keys) {
            Map<String, String> values = new LinkedHashMap<>();
            for (Map.Entry<String, Map<String, Object>> m : settingsByModel.entrySet()) {
                String model = m.getKey();
                Map<String, String> own = declared.getOrDefault(model, Map.of());
                if ((m.getValue().isEmpty() && !declared.containsKey(model)) || ownKnob.test(model, key)) {
                    continue;
                }
                String v = own.containsKey(key) ? own.get(key) : text(lookup(m.getValue(), key));
                values.put(model, v);
            }
            if (values.values().stream().distinct().count() > 1
                    && !onlyUnreported(values, key, settingsByModel, declared)) {
                out.add(new Difference(key, values));
            }
        }
        return out;
    }

    /**
     * A compared setting that some models do not report at all (a user's server has no {@code /settings}) is no
     * difference: only a value against a value, or a declared setting against its absence, is.
     */
    private static boolean onlyUnreported(
            Map<String, String> values,
            String key,
            Map<String, Map<String, Object>> settingsByModel,
            Map<String, Map<String, String>> declared) {
        boolean isDeclared = declared.values().stream().anyMatch(d -> d.containsKey(key));
        if (isDeclared) {
            return false;
        }
        return values.values().stream()
                        .filter(v -> !v.equals(NOT_SET))
                        .distinct()
                        .count()
                < 2;
    }

    /** {@code a.b} looks {@code b} up in the map at {@code a}. */
    static Object lookup(Map<String, Object> settings, String key) {
        Object at = settings;
        for (String part : key.split("\\.")) {
            if (!(at instanceof Map<?, ?> m)) {
                return null;
            }
            at = m.get(part);
        }
        return at;
    }

    private static String text(Object v) {
        if (v == null) {
            return NOT_SET;
        }
        if (v instanceof List<?> l) {
            return l.stream()
                    .map(Objects::toString)
                    .filter(f -> f.startsWith("-X") && !Defaults.isGcLogFlag(f))
                    .toList()
                    .toString();
        }
        return v.toString();
    }
}
