package io.loadlab.loadgen;

import static org.assertj.core.api.Assertions.assertThat;

import io.loadlab.core.result.LoadReport;
import io.loadlab.core.result.RequestStats;
import io.loadlab.core.unit.Duration;
import io.loadlab.testkit.QuietHost;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A closed model keeps a mix only if it plans requests, not connections: connections that are handed the slow
 * request complete fewer requests, so a mix divided by connections drifts toward the fast request.
 */
class PlannedMixTest {
    private static LoadReport run(PathDelayServer server, LoadSpec.Assign assign) {
        return LoadGenerator.run(
                LoadSpec.builder(server.url())
                        .threads(1)
                        .connections(20)
                        .duration(Duration.ofSeconds(2))
                        .assign(assign)
                        .requests(List.of(request("fast", 9, "/fast"), request("slow", 1, "/slow")))
                        .build(),
                ProgressListener.NONE);
    }

    private static RequestSpec request(String name, int weight, String path) {
        return new RequestSpec(
                new WeightedRequest(name, weight, "GET", path, null, null),
                null,
                RequestSpec.Pick.RANDOM,
                0,
                0,
                null,
                null,
                null,
                null);
    }

    @Test
    void aSequenceKeepsThePlannedShareWithinTwoPoints() throws Exception {
        QuietHost.holds("the realized share of a 20 ms request within two points of its plan", () -> {
            try (PathDelayServer server = new PathDelayServer(20)) {
                LoadReport r = run(server, LoadSpec.Assign.SEQUENCE);
                RequestStats slow = r.perRequest().get("slow");
                assertThat(slow.share().planned()).isEqualTo(0.1);
                assertThat(slow.share().realized()).isBetween(0.08, 0.12);
                assertThat(r.run().assign()).isEqualTo("sequence");
            }
        });
    }

    @Test
    void dividingConnectionsLetsTheFastRequestTakeOver() throws Exception {
        QuietHost.holds("the fast connections outrun the slow ones by their delays alone", () -> {
            try (PathDelayServer server = new PathDelayServer(20)) {
                LoadReport r = run(server, LoadSpec.Assign.PER_CONNECTION);
                RequestStats slow = r.perRequest().get("slow");
                assertThat(slow.share().planned()).isEqualTo(0.1);
                assertThat(slow.share().realized())
                        .as("2 slow connections of 20 do far less than 10%")
                        .isLessThan(0.05);
            }
        });
    }

    @Test
    void theSequenceHoldsEveryRequestItsWeightTimesSpreadOut() {
        int[] seq = RequestPlan.sequence(new RequestSpec[] {request("a", 9, "/a"), request("b", 1, "/b")});
        assertThat(seq).hasSize(10);
        assertThat(Arrays.stream(seq).filter(i -> i == 1).count()).isEqualTo(1);
        int[] reduced = RequestPlan.sequence(new RequestSpec[] {request("r", 80, "/r"), request("w", 20, "/w")});
        assertThat(reduced).as("weights reduced by their gcd").containsExactly(0, 0, 1, 0, 0);
        int[] three = RequestPlan.sequence(
                new RequestSpec[] {request("a", 2, "/a"), request("b", 2, "/b"), request("c", 1, "/c")});
        assertThat(three).hasSize(5);
        for (int i = 1; i < three.length; i++) {
            assertThat(three[i]).as("no request twice in a row").isNotEqualTo(three[i - 1]);
        }
    }
}
