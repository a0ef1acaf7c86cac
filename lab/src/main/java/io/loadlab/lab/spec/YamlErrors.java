package io.loadlab.lab.spec;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import io.loadlab.core.UserError;
import io.loadlab.core.YamlProblem;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;

/** A YAML file that does not parse, as a one-line {@link UserError} that names the file, the line and the key. */
final class YamlErrors {
    private YamlErrors() {}

    /** The error of {@code file} that {@code e} reports: an unknown key with the keys known there, or the parser's. */
    static UserError of(Path file, JsonProcessingException e) {
        if (e instanceof UnrecognizedPropertyException u) {
            return new UserError(file + ":" + keyLine(file, u.getPropertyName(), line(u)) + ": unknown key '"
                    + u.getPropertyName() + "' at " + path(u) + " (known here: " + u.getKnownPropertyIds() + ")");
        }
        YamlProblem p = YamlProblem.of(e.getOriginalMessage());
        if (p.line() > 0) {
            return new UserError(file + ":" + p.line() + ": " + p.text() + " (column " + p.column() + ")");
        }
        return new UserError(file + ":" + line(e) + ": " + p.text());
    }

    /**
     * The line where {@code key} is written: records are built from buffered tokens, so the parser's position is
     * past the key by the time it is found unknown.
     */
    static int keyLine(Path file, String key, int fallback) {
        try {
            List<String> lines = Files.readAllLines(file);
            Pattern p = Pattern.compile("(^|[\\s{,-])" + Pattern.quote(key) + "\\s*:");
            for (int i = 0; i < lines.size(); i++) {
                String l = lines.get(i);
                int hash = l.indexOf('#');
                if (p.matcher(hash < 0 ? l : l.substring(0, hash)).find()) {
                    return i + 1;
                }
            }
        } catch (IOException e) {
            // fall back to the parser's line
        }
        return fallback;
    }

    static String path(JsonProcessingException e) {
        if (e instanceof JsonMappingException m) {
            StringBuilder b = new StringBuilder();
            for (var ref : m.getPath()) {
                if (ref.getFieldName() != null) {
                    b.append(b.isEmpty() ? "" : ".").append(ref.getFieldName());
                } else if (ref.getIndex() >= 0) {
                    b.append('[').append(ref.getIndex()).append(']');
                }
            }
            return b.isEmpty() ? "top level" : b.toString();
        }
        return "?";
    }

    /** The line of the offending token: the parser's own position is already past it. */
    static int line(JsonProcessingException e) {
        if (e.getProcessor() instanceof JsonParser p && p.currentTokenLocation() != null) {
            return p.currentTokenLocation().getLineNr();
        }
        return e.getLocation() == null ? 0 : e.getLocation().getLineNr();
    }
}
