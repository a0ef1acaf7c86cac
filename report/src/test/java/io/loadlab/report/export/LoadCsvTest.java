package io.loadlab.report.export;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import io.loadlab.core.result.RequestStats;
import io.loadlab.report.gate.Reports;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LoadCsvTest {
    @Test
    void aHeaderThenTheTotalThenOneRowPerRequestClass() throws Exception {
        Map<String, RequestStats> per = new LinkedHashMap<>();
        per.put("fast", Reports.request(900, 9000, 2, 0));
        per.put("a \"quoted\", name", Reports.request(100, 1000, 180, 1));
        String csv = LoadCsv.render(Reports.load(10_000, 1000, 120, 1, per));
        assertThat(csv.lines().findFirst().orElseThrow())
                .isEqualTo("scope,request,requests,throughput_rps,errors,error_rate,unfinished,mean_ms,p50_ms,p75_ms,"
                        + "p90_ms,p99_ms,p999_ms,p9999_ms,max_ms");
        try (MappingIterator<Map<String, String>> it = new CsvMapper()
                .readerForMapOf(String.class)
                .with(CsvSchema.emptySchema().withHeader())
                .readValues(csv)) {
            List<Map<String, String>> rows = it.readAll();
            assertThat(rows).hasSize(3);
            assertThat(rows.get(0)).containsEntry("scope", "total").containsEntry("request", "");
            assertThat(rows.get(0)).containsEntry("requests", "1000").containsEntry("p99_ms", "120.0");
            assertThat(rows.get(2))
                    .containsEntry("request", "a \"quoted\", name")
                    .containsEntry("errors", "1");
        }
    }

    @Test
    void nothingRecordedIsAnEmptyCellNotZero() {
        String csv = LoadCsv.render(Reports.load(0, 0, 0, 3, Map.of()));
        assertThat(csv.lines().skip(1).findFirst().orElseThrow()).isEqualTo("total,,0,0.0,3,1.0,0,,,,,,,,");
    }
}
