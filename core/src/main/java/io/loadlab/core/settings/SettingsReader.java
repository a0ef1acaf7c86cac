package io.loadlab.core.settings;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.deser.std.StdDeserializer;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import io.loadlab.core.Json;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads {@code /settings} into {@link ServerSettings}, once, where the lab meets a server: {@link #problems} says what a
 * catalog model's answer lacks or gets wrong (the validation gate refuses it by field name), {@link #read} takes what
 * a server reports, leaving null what it does not (a user's server may report part, or nothing).
 */
public final class SettingsReader {
    private SettingsReader() {}

    /** The reader's and writer's form of {@link Limit} for Jackson: a number or {@code "unlimited"}. */
    public static SimpleModule module() {
        SimpleModule m = new SimpleModule("loadlab-settings");
        m.addSerializer(Limit.class, new StdSerializer<>(Limit.class) {
            @Override
            public void serialize(Limit l, JsonGenerator g, SerializerProvider p) throws IOException {
                if (l.unlimited()) {
                    g.writeString(Limit.UNLIMITED_TEXT);
                } else {
                    g.writeNumber(l.value());
                }
            }
        });
        m.addDeserializer(Limit.class, new StdDeserializer<>(Limit.class) {
            @Override
            public Limit deserialize(JsonParser p, DeserializationContext ctx) throws IOException {
                JsonToken t = p.currentToken();
                if (t == JsonToken.VALUE_NUMBER_INT && p.getLongValue() >= 0) {
                    return Limit.of(p.getLongValue());
                }
                if (t == JsonToken.VALUE_STRING && Limit.UNLIMITED_TEXT.equals(p.getText())) {
                    return Limit.UNLIMITED;
                }
                return (Limit) ctx.handleUnexpectedToken(
                        Limit.class, t, p, "expected a whole number or '" + Limit.UNLIMITED_TEXT + "'");
            }
        });
        return m;
    }

    /**
     * What {@code json} lacks or gets wrong against the schema, one line each ({@code database.statement_cache: missing},
     * {@code backlog: expected a whole number, got "8192"}); empty when it answers every required field, typed.
     */
    public static List<String> problems(String json) {
        JsonNode root;
        try {
            root = Json.mapper().readTree(json);
        } catch (JsonProcessingException e) {
            return List.of("not JSON: " + e.getOriginalMessage());
        }
        return problems(root);
    }

    /** As {@link #problems(String)}, of a tree. */
    public static List<String> problems(JsonNode root) {
        if (root == null || !root.isObject()) {
            return List.of("not a JSON object");
        }
        List<String> out = new ArrayList<>();
        List<String> missingSections = new ArrayList<>();
        for (SettingsSchema.Field f : SettingsSchema.fields()) {
            JsonNode at = root;
            String missingAt = null;
            StringBuilder path = new StringBuilder();
            for (String part : f.path().split("\\.")) {
                path.append(path.isEmpty() ? "" : ".").append(part);
                at = at.get(part);
                if (at == null || at.isNull()) {
                    missingAt = path.toString();
                    break;
                }
            }
            if (missingAt != null) {
                if (!f.optional() && !missingSections.contains(missingAt)) {
                    missingSections.add(missingAt);
                    out.add(missingAt + ": missing");
                }
                continue;
            }
            if (!typed(at, f.type())) {
                out.add(f.path() + ": expected " + f.typeText() + ", got " + at);
            }
        }
        return out;
    }

    private static boolean typed(JsonNode n, Class<?> type) {
        if (type == Limit.class) {
            return (n.isIntegralNumber() && n.asLong() >= 0) || Limit.UNLIMITED_TEXT.equals(n.textValue());
        }
        if (type == Integer.class || type == Long.class) {
            return n.isIntegralNumber();
        }
        if (type == String.class) {
            return n.isTextual();
        }
        if (type == List.class) {
            if (!n.isArray()) {
                return false;
            }
            for (JsonNode e : n) {
                if (!e.isTextual()) {
                    return false;
                }
            }
            return true;
        }
        return n.isObject();
    }

    /**
     * The settings {@code json} reports; fields it leaves out are null. A value of the wrong type is an
     * {@link IllegalArgumentException} naming its field; so is anything but a JSON object.
     */
    public static ServerSettings read(String json) {
        try {
            JsonNode root = Json.mapper().readTree(json);
            if (root == null || !root.isObject()) {
                throw new IllegalArgumentException("settings: not a JSON object");
            }
            return read(root);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("settings: not JSON: " + e.getOriginalMessage());
        }
    }

    /** As {@link #read(String)}, from a tree. */
    public static ServerSettings read(JsonNode root) {
        List<String> wrong =
                problems(root).stream().filter(p -> !p.endsWith(": missing")).toList();
        if (!wrong.isEmpty()) {
            throw new IllegalArgumentException("settings: " + String.join("; ", wrong));
        }
        try {
            ObjectMapper m = Json.mapper();
            return m.treeToValue(root, ServerSettings.class);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("settings: " + e.getOriginalMessage());
        }
    }
}
