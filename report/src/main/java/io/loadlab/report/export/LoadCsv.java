package io.loadlab.report.export;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import io.loadlab.core.result.ErrorCounts;
import io.loadlab.core.result.LatencyStats;
import io.loadlab.core.result.LoadReport;
import io.loadlab.core.result.RequestStats;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A run of {@code loadlab load} as CSV with a header row (RFC 4180, written by jackson-dataformat-csv): one row for
 * the whole run ({@code scope} = {@code total}, {@code request} empty), then one per request class. Latencies in
 * milliseconds, as in the JSON; an empty cell where nothing was recorded.
 */
public final class LoadCsv {
    private static final CsvMapper MAPPER = CsvMapper.builder()
            .propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
            .build();
    private static final ObjectWriter WRITER =
            MAPPER.writer(MAPPER.schemaFor(Row.class).withHeader());

    private LoadCsv() {}

    @JsonPropertyOrder({
        "scope",
        "request",
        "requests",
        "throughputRps",
        "errors",
        "errorRate",
        "unfinished",
        "meanMs",
        "p50Ms",
        "p75Ms",
        "p90Ms",
        "p99Ms",
        "p999Ms",
        "p9999Ms",
        "maxMs"
    })
    record Row(
            String scope,
            String request,
            long requests,
            double throughputRps,
            long errors,
            double errorRate,
            long unfinished,
            Double meanMs,
            Double p50Ms,
            Double p75Ms,
            Double p90Ms,
            Double p99Ms,
            Double p999Ms,
            Double p9999Ms,
            Double maxMs) {

        static Row of(
                String scope,
                String request,
                long requests,
                double rps,
                ErrorCounts e,
                long unfinished,
                LatencyStats l) {
            long attempts = requests + e.unanswered();
            double rate = attempts == 0 ? 0 : e.total() / (double) attempts;
            boolean none = l == null || l.count() == 0;
            return new Row(
                    scope,
                    request,
                    requests,
                    rps,
                    e.total(),
                    rate,
                    unfinished,
                    none ? null : l.mean(),
                    none ? null : l.p50(),
                    none ? null : l.p75(),
                    none ? null : l.p90(),
                    none ? null : l.p99(),
                    none ? null : l.p999(),
                    none ? null : l.p9999(),
                    none ? null : l.max());
        }
    }

    /** The CSV text, header first. */
    public static String render(LoadReport r) {
        List<Row> rows = new ArrayList<>();
        rows.add(Row.of(
                "total",
                "",
                r.requests(),
                r.throughput().rps(),
                r.errors(),
                r.unfinished() == null ? 0 : r.unfinished().count(),
                r.latencyMs()));
        if (r.perRequest() != null) {
            for (Map.Entry<String, RequestStats> e : r.perRequest().entrySet()) {
                RequestStats s = e.getValue();
                rows.add(Row.of(
                        "request",
                        e.getKey(),
                        s.requests(),
                        s.throughputRps(),
                        s.errors(),
                        s.unfinished(),
                        s.latencyMs()));
            }
        }
        try {
            return WRITER.writeValueAsString(rows);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
