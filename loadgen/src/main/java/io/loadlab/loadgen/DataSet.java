package io.loadlab.loadgen;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvParser;
import io.loadlab.core.data.ZipCode;
import io.loadlab.core.data.ZipCodes;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Rows of named string fields that fill request templates: a seeded generated set or a CSV file. Immutable. */
public record DataSet(String name, List<String> fields, List<List<String>> rows) {
    /** Rows as lists of strings, header included (it is checked apart), as RFC 4180 reads them. */
    private static final ObjectReader CSV = CsvMapper.builder()
            .enable(CsvParser.Feature.WRAP_AS_ARRAY)
            .enable(CsvParser.Feature.SKIP_EMPTY_LINES)
            .enable(CsvParser.Feature.TRIM_SPACES)
            .build()
            .readerFor(new TypeReference<List<String>>() {});

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

    /**
     * A CSV file whose header row names the fields; fields may be quoted with {@code "} (doubled to escape), spaces
     * around them are trimmed and blank lines skipped.
     */
    public static DataSet csv(String name, Path file) {
        List<String> fields = null;
        List<List<String>> rows = new ArrayList<>();
        try (MappingIterator<List<String>> it = CSV.readValues(file.toFile())) {
            while (it.hasNextValue()) {
                List<String> row = it.nextValue();
                if (fields == null) {
                    fields = row;
                } else if (row.size() != fields.size()) {
                    throw new IllegalArgumentException("CSV data set '" + name + "' row " + (rows.size() + 1)
                            + " (after the header, blank lines not counted) has " + row.size()
                            + " fields, the header has "
                            + fields.size());
                } else {
                    rows.add(row);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read CSV data set '" + name + "' at " + file + ": " + e, e);
        }
        if (fields == null) {
            throw new IllegalArgumentException("CSV data set '" + name + "' at " + file + " has no header row");
        }
        if (rows.isEmpty()) {
            throw new IllegalArgumentException("CSV data set '" + name + "' at " + file + " has no rows");
        }
        return new DataSet(name, fields, rows);
    }
}
