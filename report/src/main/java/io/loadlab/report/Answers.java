package io.loadlab.report;

import io.loadlab.core.result.ExperimentInfo;
import io.loadlab.core.result.LoadLevel;
import io.loadlab.core.result.SuiteResults;
import io.loadlab.core.result.TrialResult;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The answers of a suite: one {@link ExperimentAnswer} per experiment and load level, in the order the suite ran
 * them. Each experiment ranks by its own criterion ({@code experiments[].criterion}); results that carry none
 * (schema 1) are grouped by the trials' experiment and ranked by the load model's default.
 */
final class Answers {
    private Answers() {}

    /**
     * Every answer of the suite; {@code resultsDir} (or null) is where the histogram logs are, which give a named
     * request its per-second windows.
     */
    static List<ExperimentAnswer> of(SuiteResults results, Path resultsDir) {
        List<ExperimentAnswer> out = new ArrayList<>();
        for (ScenarioSection s : ScenarioSection.of(TrialGroup.of(results))) {
            out.addAll(of(results, resultsDir, s));
        }
        return out;
    }

    /**
     * The answers of one report section, lowest load first; none for a capacity search, whose steps rank by
     * capacity, not per rate.
     */
    static List<ExperimentAnswer> of(SuiteResults results, Path resultsDir, ScenarioSection s) {
        ExperimentInfo info = results.experiment(s.experiment());
        List<ExperimentAnswer> out = new ArrayList<>();
        if (info != null && info.capacity() != null) {
            return out;
        }
        for (LoadLevel load : s.loads()) {
            List<TrialGroup> groups =
                    s.groups().stream().filter(g -> load.equals(g.key().load())).toList();
            RankBy by = RankBy.of(info, open(load, groups), resultsDir);
            out.add(ExperimentAnswer.of(s.experiment(), s.title(), load, groups, by));
        }
        return out;
    }

    private static boolean open(LoadLevel load, List<TrialGroup> groups) {
        if (load.rateRps() != null) {
            return true;
        }
        for (TrialGroup g : groups) {
            for (TrialResult t : g.trials()) {
                if (t.load() != null && t.load().run() != null) {
                    return t.load().run().open();
                }
            }
        }
        return false;
    }
}
