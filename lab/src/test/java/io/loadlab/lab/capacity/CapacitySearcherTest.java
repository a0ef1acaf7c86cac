package io.loadlab.lab.capacity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.core.result.CapacityGoal;
import io.loadlab.core.result.CapacitySearch;
import io.loadlab.core.result.CapacityStep;
import java.util.List;
import org.junit.jupiter.api.Test;

class CapacitySearcherTest {
    private static final CapacityGoal GOAL = CapacityGoals.parse("p99<100ms", null, "100", "5%", 12, "100k", 100);

    /** A model that passes every rate up to {@code capacity}; from {@code labLimit} on, the lab runs out first. */
    private static CapacitySearcher.StepRunner model(double capacity, double labLimit) {
        return rate -> {
            String id = "t" + Math.round(rate);
            if (rate >= labLimit) {
                return new CapacityStep(rate, id, CapacityStep.LAB_LIMIT, "the load generator ran out first");
            }
            return rate <= capacity
                    ? new CapacityStep(rate, id, CapacityStep.PASS, "ok")
                    : new CapacityStep(rate, id, CapacityStep.FAIL, "p99 300 ms > p99<100ms");
        };
    }

    private static List<Double> rates(CapacitySearch s) {
        return s.steps().stream().map(CapacityStep::rateRps).toList();
    }

    @Test
    void rampsGeometricallyThenBisectsToTheResolution() throws Exception {
        CapacitySearch s = CapacitySearcher.search("m", GOAL, model(1000, Double.MAX_VALUE));
        assertEquals(CapacitySearch.FOUND, s.outcome());
        assertEquals(List.of(100.0, 200.0, 400.0, 800.0, 1600.0), rates(s).subList(0, 5));
        assertTrue(s.lastPassRps() <= 1000 && s.firstFailRps() > 1000, s.toString());
        assertTrue(s.firstFailRps() - s.lastPassRps() <= 0.05 * s.lastPassRps(), s.toString());
        assertEquals(s.lastPassRps(), s.capacityRps());
        assertTrue(s.capacityRps() >= 950, s.toString());
        assertTrue(s.steps().size() <= 12);
    }

    @Test
    void stopsWithALowerBoundWhenTheLabRunsOutFirst() throws Exception {
        CapacitySearch s = CapacitySearcher.search("m", GOAL, model(5000, 700));
        assertEquals(CapacitySearch.LOWER_BOUND, s.outcome());
        assertEquals(400, s.capacityRps());
        assertNull(s.firstFailRps());
        assertEquals(List.of(100.0, 200.0, 400.0, 800.0), rates(s));
        assertTrue(s.reason().contains("load generator ran out first"), s.reason());
    }

    @Test
    void aFirstStepThatFailsSearchesDownward() throws Exception {
        CapacitySearch s = CapacitySearcher.search("m", GOAL, model(30, Double.MAX_VALUE));
        assertEquals(CapacitySearch.FOUND, s.outcome());
        assertEquals(List.of(100.0, 50.0, 25.0), rates(s).subList(0, 3));
        assertTrue(s.capacityRps() <= 30 && s.firstFailRps() > 30, s.toString());
    }

    @Test
    void neverRunsMoreThanItsStepsNorAboveItsMaxRate() throws Exception {
        CapacityGoal few = CapacityGoals.parse("p99<100ms", null, "100", "1%", 4, null, 100);
        CapacitySearch s = CapacitySearcher.search("m", few, model(1e9, Double.MAX_VALUE));
        assertEquals(4, s.steps().size());
        assertEquals(CapacitySearch.LOWER_BOUND, s.outcome());
        assertEquals(800, s.capacityRps());

        CapacityGoal capped = CapacityGoals.parse("p99<100ms", null, "100", "5%", 12, "300", 100);
        CapacitySearch c = CapacitySearcher.search("m", capped, model(1e9, Double.MAX_VALUE));
        assertEquals(List.of(100.0, 200.0, 300.0), rates(c));
        assertEquals(CapacitySearch.LOWER_BOUND, c.outcome());
        assertTrue(c.reason().contains("max_rate"), c.reason());

        CapacitySearch bisecting = CapacitySearcher.search("m", few, model(150, Double.MAX_VALUE));
        assertEquals(4, bisecting.steps().size());
        assertEquals(CapacitySearch.FOUND, bisecting.outcome());
        assertTrue(bisecting.reason().contains("4 steps"), bisecting.reason());
    }

    @Test
    void noPassingRateIsNone() throws Exception {
        CapacitySearch s = CapacitySearcher.search("m", GOAL, model(0, Double.MAX_VALUE));
        assertEquals(CapacitySearch.NONE, s.outcome());
        assertEquals(0, s.capacityRps());
        assertTrue(s.steps().size() <= 12);
    }
}
