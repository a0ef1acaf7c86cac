package io.loadlab.lab.deps;

import static org.assertj.core.api.Assertions.assertThat;

import io.loadlab.core.result.DependencyWork;
import java.util.Map;
import org.junit.jupiter.api.Test;

class WorkCountersTest {
    @Test
    void statementsAreSortedByKindAndWhetherTheyTouchTheZipCodeTable() {
        assertThat(WorkCounters.kind("select zip, type from zipcode where zip = $1"))
                .isEqualTo(DependencyWork.Database.SELECT);
        assertThat(WorkCounters.kind("  SELECT z1_0.zip,z1_0.city from zipcode z1_0 where z1_0.zip=$1"))
                .isEqualTo(DependencyWork.Database.SELECT);
        assertThat(WorkCounters.kind(
                        "insert into zipcode values ($1,$2,$3,$4,$5,$6) on conflict do nothing returning *"))
                .isEqualTo(DependencyWork.Database.INSERT);
        assertThat(WorkCounters.kind("BEGIN")).isEqualTo(DependencyWork.Database.TRANSACTION_CONTROL);
        assertThat(WorkCounters.kind("commit")).isEqualTo(DependencyWork.Database.TRANSACTION_CONTROL);
        assertThat(WorkCounters.kind("SELECT 1"))
                .as("a pool's validation query")
                .isEqualTo(DependencyWork.Database.OTHER);
        assertThat(WorkCounters.kind("SET application_name = 'x'")).isEqualTo(DependencyWork.Database.OTHER);
    }

    @Test
    void theWindowsWorkIsTheDifferenceOfItsTwoReadings() {
        WorkCounters before = new WorkCounters(100, Map.of("select", 50L, "other", 3L));
        WorkCounters after = new WorkCounters(160, Map.of("select", 90L, "insert", 10L, "other", 3L));
        WorkCounters window = after.since(before);
        assertThat(window.transactions()).isEqualTo(60);
        assertThat(window.statements()).containsExactlyInAnyOrderEntriesOf(Map.of("select", 40L, "insert", 10L));
        assertThat(new WorkCounters(200, null).since(before).statements()).isNull();
        assertThat(new WorkCounters(1, Map.of()).since(before))
                .as("counters that went back: PostgreSQL restarted after a crash")
                .isNull();
    }
}
