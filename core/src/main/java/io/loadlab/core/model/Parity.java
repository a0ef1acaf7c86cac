package io.loadlab.core.model;

import io.loadlab.core.Defaults;
import io.loadlab.core.settings.ServerSettings;
import io.loadlab.core.settings.Setting;
import io.loadlab.core.settings.SettingsSchema;
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
 * The settings in which the models of one experiment differ although no model takes them as its own knob: every
 * field of the settings record that shapes the work ({@link SettingsSchema}: backlog, keep-alive, event loops, the
 * database pool, statement cache and transactions, the HTTP client's limit, heap, GC, JVM flags). Each difference is
 * a reason a ranking may say more about the setup than about the models, so the answer names it ({@code PARITY});
 * equal settings are the default, and a suite that sets a difference on purpose is warned all the same. A field one
 * model does not report is {@link #UNKNOWN} there, never equal to another's value.
 */
public final class Parity {
    /** Shown for a model that does not report a setting another model of the experiment does. */
    public static final String UNKNOWN = "unknown";

    /** Shown for a user's server that does not declare a setting another model declares. */
    public static final String NOT_SET = "(not set)";

    private Parity() {}

    /** One setting and each model's value of it, in the experiment's model order. */
    public record Difference(String setting, Map<String, String> byModel) {
        public Difference {
            byModel = Collections.unmodifiableMap(new LinkedHashMap<>(byModel));
        }

        /** {@code database.pool: spring-mvc 10, netty 16}. */
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
     * The differences among {@code settingsByModel} (each model's reported settings, in the experiment's order; null
     * for a model that reports none), leaving out for each model the fields {@code ownSetting} says its own knobs set
     * (servlet-sync's {@code threads.request_threads}): a model is expected to differ there. A model that reports no
     * settings at all is one line ({@code settings: mine unknown}) rather than one per field.
     *
     * @param declared per user model (a server of the user's own), the settings its suite declares for it, possibly
     *     none: compared too, a declared setting against its absence included; one named as a field's path
     *     ({@code database.pool}) stands for that field
     */
    public static List<Difference> of(
            Map<String, ServerSettings> settingsByModel,
            Map<String, Map<String, String>> declared,
            BiPredicate<String, String> ownSetting) {
        List<Difference> out = new ArrayList<>();
        Map<String, String> silent = new LinkedHashMap<>();
        Map<String, ServerSettings> reporting = new LinkedHashMap<>();
        settingsByModel.forEach((model, s) -> {
            if (s == null || s.schema() == null) {
                silent.put(model, UNKNOWN);
            } else {
                reporting.put(model, s);
            }
        });
        if (!silent.isEmpty() && !reporting.isEmpty()) {
            out.add(new Difference("settings", silent));
        }
        for (SettingsSchema.Field f : SettingsSchema.fields()) {
            if (!f.compared()) {
                continue;
            }
            Map<String, String> values = new LinkedHashMap<>();
            for (Map.Entry<String, ServerSettings> m : reporting.entrySet()) {
                String model = m.getKey();
                if (ownSetting.test(model, f.path())) {
                    continue;
                }
                Map<String, String> own = declared.getOrDefault(model, Map.of());
                String v = own.containsKey(f.path()) ? own.get(f.path()) : text(f.value(m.getValue()));
                if (f.role() == Setting.Role.COMPARED_WHERE_PRESENT && "0".equals(v)) {
                    continue;
                }
                values.put(model, v);
            }
            if (values.values().stream().distinct().count() > 1) {
                out.add(new Difference(f.path(), values));
            }
        }
        out.addAll(declaredDifferences(settingsByModel.keySet(), declared));
        return out;
    }

    /** The settings the suite declares for its user servers that are no field of the record, compared by name. */
    private static List<Difference> declaredDifferences(Set<String> models, Map<String, Map<String, String>> declared) {
        Set<String> keys = new LinkedHashSet<>();
        declared.values()
                .forEach(d -> d.keySet().stream()
                        .filter(k -> SettingsSchema.field(k) == null)
                        .forEach(keys::add));
        List<Difference> out = new ArrayList<>();
        for (String key : keys) {
            Map<String, String> values = new LinkedHashMap<>();
            for (String model : models) {
                if (declared.containsKey(model)) {
                    values.put(model, declared.get(model).getOrDefault(key, NOT_SET));
                }
            }
            if (values.values().stream().distinct().count() > 1) {
                out.add(new Difference(key, values));
            }
        }
        return out;
    }

    /**
     * A field's value as the answer shows it: {@link #UNKNOWN} when not reported; of the JVM's flags, those that shape
     * the run ({@code -X...}) but the lab's own log of each trial's collections, whose file differs per trial.
     */
    static String text(Object v) {
        if (v == null) {
            return UNKNOWN;
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
