package io.loadlab.core.settings;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.util.Collection;
import java.util.Map;

/**
 * Writes {@link ServerSettings} as one line of JSON, with no library: every model writes its {@code /settings} with
 * this, the framework applications (which carry no loadlab JSON library) included, so that the lab reads one form.
 * Names are the components' in snake_case, as the lab's JSON configuration reads them; nulls are left out;
 * {@link Limit} is a number or {@code "unlimited"}.
 */
public final class SettingsJson {
    private SettingsJson() {}

    public static String write(ServerSettings settings) {
        StringBuilder b = new StringBuilder(1024);
        value(b, settings);
        return b.toString();
    }

    /** {@code availableProcessors} → {@code available_processors}, as the lab's reader maps names. */
    public static String snake(String name) {
        StringBuilder b = new StringBuilder(name.length() + 4);
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (Character.isUpperCase(c)) {
                if (i > 0) {
                    b.append('_');
                }
                b.append(Character.toLowerCase(c));
            } else {
                b.append(c);
            }
        }
        return b.toString();
    }

    private static void value(StringBuilder b, Object v) {
        if (v == null) {
            b.append("null");
        } else if (v instanceof String s) {
            string(b, s);
        } else if (v instanceof Number || v instanceof Boolean) {
            b.append(v);
        } else if (v instanceof Limit l) {
            if (l.unlimited()) {
                string(b, Limit.UNLIMITED_TEXT);
            } else {
                b.append(l.value());
            }
        } else if (v instanceof Record r) {
            record(b, r);
        } else if (v instanceof Map<?, ?> m) {
            b.append('{');
            String sep = "";
            for (Map.Entry<?, ?> e : m.entrySet()) {
                if (e.getValue() != null) {
                    b.append(sep);
                    string(b, String.valueOf(e.getKey()));
                    b.append(':');
                    value(b, e.getValue());
                    sep = ",";
                }
            }
            b.append('}');
        } else if (v instanceof Collection<?> c) {
            b.append('[');
            String sep = "";
            for (Object o : c) {
                b.append(sep);
                value(b, o);
                sep = ",";
            }
            b.append(']');
        } else {
            string(b, v.toString());
        }
    }

    private static void record(StringBuilder b, Record r) {
        b.append('{');
        String sep = "";
        for (RecordComponent c : r.getClass().getRecordComponents()) {
            Object v = get(r, c);
            if (v != null) {
                b.append(sep);
                string(b, snake(c.getName()));
                b.append(':');
                value(b, v);
                sep = ",";
            }
        }
        b.append('}');
    }

    static Object get(Record r, RecordComponent c) {
        try {
            return c.getAccessor().invoke(r);
        } catch (IllegalAccessException | InvocationTargetException e) {
            throw new IllegalStateException(
                    "cannot read " + c.getName() + " of " + r.getClass().getSimpleName(), e);
        }
    }

    private static void string(StringBuilder b, String s) {
        b.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '\n' -> b.append("\\n");
                case '\r' -> b.append("\\r");
                case '\t' -> b.append("\\t");
                default -> {
                    if (c < 0x20) {
                        b.append(String.format("\\u%04x", (int) c));
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        b.append('"');
    }
}
