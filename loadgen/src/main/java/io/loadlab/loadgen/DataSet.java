package io.loadlab.loadgen;

import io.loadlab.core.data.ZipCode;
import io.loadlab.core.data.ZipCodes;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Rows of named string fields that fill request templates: a seeded generated set or a CSV file. Immutable. */
public record DataSet(String name, List<String> fields, List<List<String>> rows) {
    public DataSet {
        fields = List.copyOf(fields);
        rows = List.copyOf(rows);
    }

    public int size() {
        return rows.size();
    }

    /** {@link ZipCodes#generate(long, int)} as rows with fields zip, type, city, state, county, timezone. */
    public static DataSet zipCodes(String name, long seed, int size) {
        List<List<String>> rows = new ArrayList<>(size);
        for (ZipCode z : ZipCodes.generate(seed, size)) {
            rows.add(List.of(z.zip(), z.type(), z.city(), z.state(), z.county(), z.timezone()));
        }
        return new DataSet(name, List.of("zip", "type", "city", "state", "county", "timezone"), rows);
    }

    /** A CSV file whose header row names the fields; fields may be quoted with {@code "} (doubled to escape). */
    public static DataSet csv(String name, Path file) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read CSV data set '" + name + "' at " + file + ": " + e, e);
        }
        lines.removeIf(String::isBlank);
        if (lines.isEmpty()) {
            throw new IllegalArgumentException("CSV data set '" + name + "' at " + file + " has no header row");
        }
        List<String> fields = splitCsv(lines.get(0));
        List<List<String>> rows = new ArrayList<>(lines.size() - 1);
        for (int i = 1; i < lines.size(); i++) {
            List<String> row = splitCsv(lines.get(i));
            if (row.size() != fields.size()) {
                throw new IllegalArgumentException("CSV data set '" + name + "' line " + (i + 1) + " has " + row.size()
                        + " fields, the header has " + fields.size());
            }
            rows.add(row);
        }
        if (rows.isEmpty()) {
            throw new IllegalArgumentException("CSV data set '" + name + "' at " + file + " has no rows");
        }
        return new DataSet(name, fields, rows);
    }

    static List<String> splitCsv(String line) {
        List<String> out = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                    cur.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    cur.append(c);
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == ',') {
                out.add(cur.toString().trim());
                cur.setLength(0);
            } else {
                cur.append(c);
            }
        }
        out.add(cur.toString().trim());
        return out;
    }
}
