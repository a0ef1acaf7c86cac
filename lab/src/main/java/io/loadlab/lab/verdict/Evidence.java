package io.loadlab.lab.verdict;

import io.loadlab.core.result.LoadLevel;
import io.loadlab.core.result.LoadReport;
import io.loadlab.core.result.MachineSample;
import io.loadlab.core.result.ProcessSeries;
import io.loadlab.core.result.ValidationResult;
import io.loadlab.lab.spec.ScenarioKind;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Everything a trial produced that the verdicts judge: pure data, so every check is a pure function of it.
 *
 * @param load the measured run's report; null when the trial never got that far
 * @param work dependency counters over the measured run: {@code backend_calls}, {@code db_rows}
 * @param serverExit the server's exit status when it died during the trial, else null
 * @param floorMs the least time any request of the scenario takes (its delay), or null
 */
public record Evidence(
        ScenarioKind scenario,
        LoadLevel level,
        ValidationResult validation,
        LoadReport load,
        List<ProcessSeries> processes,
        List<MachineSample> machine,
        String loadgenCpus,
        String dependencyCpus,
        Map<String, Long> work,
        Integer serverExit,
        Double floorMs) {

    public Optional<ProcessSeries> process(String role) {
        return processes == null
                ? Optional.empty()
                : processes.stream().filter(p -> p.role().equals(role)).findFirst();
    }

    /** 503 answers: a fail-fast model's rejections, its own behaviour, not a broken benchmark. */
    public long rejections() {
        if (load == null || load.statusCodes() == null) {
            return 0;
        }
        return load.statusCodes().getOrDefault("503", 0L);
    }

    /** Answers with a 2xx or 3xx status. */
    public long successes() {
        if (load == null || load.statusCodes() == null) {
            return 0;
        }
        return load.statusCodes().entrySet().stream()
                .filter(e -> e.getKey().startsWith("2") || e.getKey().startsWith("3"))
                .mapToLong(Map.Entry::getValue)
                .sum();
    }

    /** Requests answered plus requests that failed without an answer (connect, read, write, timeout, invalid). */
    public long attempts() {
        if (load == null) {
            return 0;
        }
        return load.attempts();
    }
}
