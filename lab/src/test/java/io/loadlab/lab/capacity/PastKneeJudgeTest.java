package io.loadlab.lab.capacity;

import static org.assertj.core.api.Assertions.assertThat;

import io.loadlab.core.result.ErrorCategory;
import io.loadlab.core.result.ErrorCounts;
import io.loadlab.core.result.PastKnee;
import io.loadlab.testkit.LoadReports;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PastKneeJudgeTest {
    static String behaviour(LoadReports l) {
        return PastKneeJudge.judge(3, 3000, "t", StepJudgeTest.trial(l.build()), StepJudgeTest.GOAL, 1000)
                .behaviour();
    }

    @Test
    void aModelThatRefusesTheExcessShedsOneThatServesItLateQueuesOneThatServesLessCollapses() {
        LoadReports shedding = LoadReports.open(3000)
                .duration(5)
                .requests(15000, 3000)
                .latency(LoadReports.latency(10))
                .errors(ErrorCounts.of(ErrorCategory.STATUS, 10000))
                .status(Map.of("200", 5000L, "503", 10000L));
        assertThat(behaviour(shedding)).isEqualTo(PastKnee.SHEDS);
        LoadReports queueing =
                LoadReports.open(3000).duration(5).requests(5000, 1000).latency(LoadReports.latency(900));
        assertThat(behaviour(queueing)).isEqualTo(PastKnee.QUEUES);
        LoadReports collapsing =
                LoadReports.open(3000).duration(5).requests(2000, 400).latency(LoadReports.latency(900));
        assertThat(behaviour(collapsing)).isEqualTo(PastKnee.COLLAPSES);
    }
}
