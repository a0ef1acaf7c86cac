package io.loadlab.loadgen;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.UnpooledByteBufAllocator;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** What each load thread sends, and in which order: bytes, weights, sequences and rows, with no clock and no socket. */
class RequestPlanTest {
    private static final DataSet IDS =
            new DataSet("ids", List.of("id"), List.of(List.of("a"), List.of("b"), List.of("c"), List.of("d")));

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

    private static RequestSpec rows(RequestSpec.Pick pick) {
        return new RequestSpec(
                new WeightedRequest("row", 1, "GET", "/r/${id}", null, null), IDS, pick, 0, 4, null, null, null, null);
    }

    private static LoadSpec spec(LoadSpec.Assign assign, RequestSpec... requests) {
        return LoadSpec.builder("http://localhost:8080/")
                .threads(1)
                .connections(2)
                .assign(assign)
                .seed(7)
                .requests(List.of(requests))
                .build();
    }

    private static String encoded(RequestPlan plan, int i) {
        ByteBuf b = plan.encode(i, UnpooledByteBufAllocator.DEFAULT);
        try {
            return b.toString(StandardCharsets.UTF_8);
        } finally {
            b.release();
        }
    }

    @Test
    void aFixedRequestIsEncodedOnceWithItsHostHeadersAndBody() {
        RequestSpec post = new RequestSpec(
                new WeightedRequest("post", 1, "POST", "/items", Map.of("X-A", "1"), "{\"a\":1}"),
                null,
                RequestSpec.Pick.RANDOM,
                0,
                0,
                null,
                null,
                null,
                null);
        RequestPlan plan = new RequestPlan(spec(LoadSpec.Assign.SEQUENCE, post), 0, 1, 1);
        String expected =
                "POST /items HTTP/1.1\r\nHost: localhost:8080\r\nX-A: 1\r\nContent-Length: 7\r\n\r\n{\"a\":1}";
        assertThat(encoded(plan, 0)).isEqualTo(expected);
        assertThat(encoded(plan, 0)).as("sent again, the same bytes").isEqualTo(expected);
    }

    @Test
    void theSequenceHoldsEachRequestItsReducedWeightTimes() {
        int[] seq = RequestPlan.sequence(new RequestSpec[] {request("a", 4, "/a"), request("b", 2, "/b")});
        assertThat(seq).containsExactly(0, 1, 0);
        assertThatThrownBy(() -> RequestPlan.sequence(
                        new RequestSpec[] {request("a", RequestPlan.MAX_SEQUENCE, "/a"), request("b", 1, "/b")}))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("assign: random");
    }

    @Test
    void eachConnectionCyclesTheSequenceFromItsOwnStaggeredPoint() {
        LoadSpec spec = spec(LoadSpec.Assign.SEQUENCE, request("a", 2, "/a"), request("b", 1, "/b"));
        RequestPlan plan = new RequestPlan(spec, 0, 1, 2);
        List<Integer> slot0 = new ArrayList<>();
        List<Integer> slot1 = new ArrayList<>();
        for (int k = 0; k < 6; k++) {
            slot0.add(plan.nextFor(0));
            slot1.add(plan.nextFor(1));
        }
        assertThat(slot0).containsExactly(0, 1, 0, 0, 1, 0);
        assertThat(slot1).containsExactly(1, 0, 0, 1, 0, 0);
        List<Integer> open = new ArrayList<>();
        for (int k = 0; k < 3; k++) {
            open.add(plan.nextOpen());
        }
        assertThat(open).containsExactly(0, 1, 0);
    }

    @Test
    void randomPicksFollowTheWeightsAndTheSeed() {
        LoadSpec spec = spec(LoadSpec.Assign.RANDOM, request("a", 9, "/a"), request("b", 1, "/b"));
        RequestPlan one = new RequestPlan(spec, 0, 1, 1);
        RequestPlan same = new RequestPlan(spec, 0, 1, 1);
        int b = 0;
        for (int k = 0; k < 10_000; k++) {
            int pick = one.nextOpen();
            assertThat(same.nextOpen()).isEqualTo(pick);
            b += pick;
        }
        assertThat(b).isBetween(900, 1100);
    }

    @Test
    void sequentialRowsAreSplitBetweenThreads() {
        LoadSpec spec = spec(LoadSpec.Assign.SEQUENCE, rows(RequestSpec.Pick.SEQUENTIAL));
        RequestPlan first = new RequestPlan(spec, 0, 2, 1);
        RequestPlan second = new RequestPlan(spec, 1, 2, 1);
        assertThat(List.of(encoded(first, 0), encoded(first, 0), encoded(first, 0)))
                .allSatisfy(s -> assertThat(s).startsWith("GET /r/"))
                .extracting(s -> s.substring(7, 8))
                .containsExactly("a", "c", "a");
        assertThat(encoded(second, 0)).startsWith("GET /r/b HTTP/1.1\r\n");
    }

    @Test
    void uniqueRowsNeverRepeatUntilTheRangeRunsOutThenCountWraps() {
        LoadSpec spec = spec(LoadSpec.Assign.SEQUENCE, rows(RequestSpec.Pick.UNIQUE));
        RequestPlan plan = new RequestPlan(spec, 0, 1, 1);
        Set<String> seen = new HashSet<>();
        for (int k = 0; k < 4; k++) {
            seen.add(encoded(plan, 0).substring(7, 8));
        }
        assertThat(seen).containsExactlyInAnyOrder("a", "b", "c", "d");
        assertThat(plan.wraps(0)).isZero();
        encoded(plan, 0);
        assertThat(plan.wraps(0)).isOne();
    }
}
