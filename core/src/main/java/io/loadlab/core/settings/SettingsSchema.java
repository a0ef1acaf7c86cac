package io.loadlab.core.settings;

import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.List;

/**
 * The fields of {@link ServerSettings}, derived from the record itself so that they cannot drift from it: each leaf's
 * dotted path in JSON ({@code keep_alive.max_requests}), its type, whether a model must report it and what the parity
 * check does with it ({@link Setting}; a nested field takes its section's role unless it says its own).
 */
public final class SettingsSchema {
    /** One leaf field of the record. */
    public record Field(String path, List<RecordComponent> route, Class<?> type, Setting.Role role, boolean optional) {
        /** Its value in {@code s}, or null when it (or a section above it) was not reported. */
        public Object value(ServerSettings s) {
            Object at = s;
            for (RecordComponent c : route) {
                if (at == null) {
                    return null;
                }
                at = SettingsJson.get((Record) at, c);
            }
            return at;
        }

        /** True when the parity check compares it. */
        public boolean compared() {
            return role == Setting.Role.COMPARED || role == Setting.Role.COMPARED_WHERE_PRESENT;
        }

        /** What a user reads for its type: {@code a whole number}, {@code a whole number or 'unlimited'}, ... */
        public String typeText() {
            if (type == Limit.class) {
                return "a whole number or '" + Limit.UNLIMITED_TEXT + "'";
            }
            if (type == Integer.class || type == Long.class) {
                return "a whole number";
            }
            if (type == String.class) {
                return "a string";
            }
            if (type == List.class) {
                return "a list of strings";
            }
            return "an object";
        }
    }

    private static final List<Field> FIELDS = fields(ServerSettings.class, "", List.of(), Setting.Role.COMPARED, false);

    private SettingsSchema() {}

    /** Every leaf field, in the record's order. */
    public static List<Field> fields() {
        return FIELDS;
    }

    /** The field at {@code path}; null when the record has none. */
    public static Field field(String path) {
        return FIELDS.stream().filter(f -> f.path.equals(path)).findFirst().orElse(null);
    }

    /**
     * The required fields {@code s} does not report, by path; a whole section missing is named once
     * ({@code database}), not field by field.
     */
    public static List<String> missing(ServerSettings s) {
        List<String> out = new ArrayList<>();
        for (Field f : FIELDS) {
            if (f.optional || f.value(s) != null) {
                continue;
            }
            String path = topmostNull(s, f);
            if (!out.contains(path)) {
                out.add(path);
            }
        }
        return out;
    }

    private static String topmostNull(ServerSettings s, Field f) {
        Object at = s;
        StringBuilder path = new StringBuilder();
        for (RecordComponent c : f.route) {
            at = SettingsJson.get((Record) at, c);
            path.append(path.isEmpty() ? "" : ".").append(SettingsJson.snake(c.getName()));
            if (at == null) {
                return path.toString();
            }
        }
        return path.toString();
    }

    private static List<Field> fields(
            Class<?> type, String prefix, List<RecordComponent> route, Setting.Role inherited, boolean optional) {
        List<Field> out = new ArrayList<>();
        for (RecordComponent c : type.getRecordComponents()) {
            Setting s = c.getAnnotation(Setting.class);
            Setting.Role role = s == null ? inherited : s.value();
            boolean opt = optional || (s != null && s.optional());
            String path = prefix + SettingsJson.snake(c.getName());
            List<RecordComponent> to = new ArrayList<>(route);
            to.add(c);
            if (c.getType().isRecord()) {
                out.addAll(fields(c.getType(), path + ".", List.copyOf(to), role, opt));
            } else {
                Class<?> leaf =
                        c.getGenericType() instanceof ParameterizedType p ? (Class<?>) p.getRawType() : c.getType();
                out.add(new Field(path, List.copyOf(to), leaf, role, opt));
            }
        }
        return List.copyOf(out);
    }
}
