package io.loadlab.lab.trial;

import static org.assertj.core.api.Assertions.assertThat;

import io.loadlab.core.data.ZipCode;
import io.loadlab.lab.deps.Dependencies;
import io.loadlab.lab.spec.ScenarioKind;
import io.loadlab.lab.spec.ScenarioSpec;
import io.loadlab.loadgen.ScenarioDefinition;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class LoadJobsTest {
    private static final ScenarioSpec CRUD =
            new ScenarioSpec(ScenarioKind.CRUD, null, null, new ScenarioSpec.Crud(1, 1, 24_000, false, true));

    @Test
    void crudReadsThePreloadedKeysAndWritesEveryOtherZipCode() {
        ScenarioDefinition d = LoadJobs.scenario(CRUD);
        ScenarioDefinition.Request read = d.requests().get(0);
        ScenarioDefinition.Request write = d.requests().get(1);
        assertThat(read.range()).containsExactly(0, 12_000);
        assertThat(write.pick()).isEqualTo("unique");
        assertThat(write.range()).containsExactly(12_000, 100_000);
        assertThat(d.data().get("zipcodes").size()).isEqualTo(100_000);
        assertThat(CRUD.crud().writeKeys()).isEqualTo(88_000);
    }

    @Test
    void theStudysPostDrawsItsKeysAtRandomWithRepeatsFromTheRowsAfterThePreloadedOnes() {
        ScenarioSpec.Crud study = new ScenarioSpec.Crud(0, 1, 24_000, true, false);
        List<ScenarioDefinition.Request> requests = LoadJobs.scenario(
                        new ScenarioSpec(ScenarioKind.CRUD, null, null, study))
                .requests();
        assertThat(requests).extracting(r -> r.request().name()).containsExactly("write");
        ScenarioDefinition.Request write = requests.get(0);
        assertThat(write.pick()).isEqualTo("random");
        assertThat(write.range()).containsExactly(12_000, 24_000);
        assertThat(write.expectStatus()).containsExactly(200, 201);
        // it repeats keys on purpose: no open rate can run it out of fresh ones
        assertThat(study.keySpaceProblem(1_000_000, 90)).isNull();
    }

    @Test
    void thePreloadedRowsAreTheDataSetsFirstRowsAndTheFreshRowIsNotAmongThem() {
        List<ZipCode> preloaded = Dependencies.rows(CRUD);
        assertThat(preloaded).hasSize(12_000);
        List<ZipCode> all = io.loadlab.core.data.ZipCodes.generate(io.loadlab.core.Defaults.SEED, 100_000);
        assertThat(all.subList(0, 12_000)).isEqualTo(preloaded);
        Set<String> zips = new HashSet<>();
        preloaded.forEach(z -> zips.add(z.zip()));
        assertThat(zips).doesNotContain(Dependencies.freshRow(CRUD).zip());
        assertThat(Dependencies.freshRow(CRUD)).isEqualTo(all.get(12_000));
    }

    @Test
    void anOpenRateThatWouldExhaustTheFreshKeysIsRefusedUpFront() {
        ScenarioSpec.Crud c = new ScenarioSpec.Crud(4, 1, 24_000, false, true);
        assertThat(c.keysNeeded(1_500, 50)).isEqualTo(15_000);
        assertThat(c.keySpaceProblem(1_500, 50)).isNull();
        assertThat(c.keySpaceProblem(10_000, 90))
                .isEqualTo("crud at 10000 req/s with reads:writes 4:1 may write 180,000 fresh zip codes in 90 s"
                        + " (warm-up limit and window), more than the 88,000 5-digit zips not pre-loaded; lower the"
                        + " rate, the write weight, warmup-limit or the duration");
    }
}
