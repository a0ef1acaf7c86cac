package io.loadlab.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import io.loadlab.core.result.CapacityInfo;
import io.loadlab.core.result.CapacitySearch;
import io.loadlab.core.result.CapacityStep;
import io.loadlab.core.result.SuiteResults;
import io.loadlab.core.result.TrialResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * A capacity search as a user runs it: thread-pool with 8 threads on a 100 ms delay can answer 8 ÷ 100 ms = 80 req/s
 * by design (the objective is loose, 4 × the delay, so that a busy test host's jitter does not fail the steps under
 * it; past the ceiling the queue grows without bound and fails any objective). Its threads each serve one connection for the connection's life, so the cap is 8 connections (a ninth
 * would wait for a thread that never frees); the search's bracket must hold that ceiling, every step a stored trial. About two minutes. The load
 * generator needs little CPU at these rates, so a busy test host does not stop the search (loadgen_min_idle: 0).
 */
@Tag("slow")
@Isolated("a capacity search measures what the host's CPUs carry")
class CapacityEndToEndTest {
    static final double DESIGN = 80;

    @Test
    void theBracketOfAPoolOfEightThreadsHoldsItsDesignCeiling(@TempDir Path tmp) throws Exception {
        Path suite = tmp.resolve("capacity.yaml");
        Files.writeString(suite, """
                warmup: 3s
                warmup_limit: 5s
                duration: 3s
                thresholds: {loadgen_min_idle: 0.0}
                experiments:
                  - name: delay-capacity
                    scenario: {type: delay, delay: 100ms}
                    models: [thread-pool]
                    server: {threads: 8}
                    connections: [8]
                    capacity: {slo: "p99<400ms", start: 30, resolution: 10%, max_steps: 8}
                """);
        LabRun r = LabRun.run(tmp.resolve("results"), 600, List.of("run", suite.toString()));
        SuiteResults results = r.suiteResults();
        CapacityInfo info = results.experiment("delay-capacity").capacity();
        assertThat(info).as(r.output()).isNotNull();
        CapacitySearch s = info.search("thread-pool");
        assertThat(s).as(r.output()).isNotNull();
        assumeFalse(
                !CapacitySearch.FOUND.equals(s.outcome()) && s.reason().contains("ran out first"),
                "the lab ran out before the model on this host: " + s.reason());
        assertThat(s.outcome()).as(r.output()).isEqualTo(CapacitySearch.FOUND);
        assertThat(s.lastPassRps()).as(s.toString()).isLessThanOrEqualTo(DESIGN * 1.1);
        assertThat(s.firstFailRps()).as(s.toString()).isGreaterThanOrEqualTo(DESIGN * 0.9);
        assertThat(s.steps()).hasSizeLessThanOrEqualTo(8);
        assertThat(s.pastKnee())
                .as("held at 1.5× and 3× its capacity")
                .hasSize(2)
                .allSatisfy(k -> assertThat(k.behaviour()).isNotNull());
        Set<String> ids = results.trials().stream().map(TrialResult::id).collect(Collectors.toSet());
        assertThat(s.steps())
                .extracting(CapacityStep::trialId)
                .allSatisfy(id -> assertThat(ids).contains(id));
        assertThat(results.trials())
                .allSatisfy(t -> assertThat(t.key().load().rateRps()).isNotNull());
        assertThat(r.output()).contains("capacity", "bracket");
        assertThat(r.process.exitValue()).as(r.output()).isZero();
        assertThat(LabRun.processesOf(r.suiteDir())).isEmpty();
    }
}
