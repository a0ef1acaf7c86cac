package io.loadlab.loadgen.agents;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.loadlab.core.UserError;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class AgentShareTest {
    @Test
    void sharesAddUpExactlyWithTheRemainderToTheFirstAgents() {
        assertThat(IntStream.range(0, 3).map(i -> AgentShare.of(10, 3, i)).toArray())
                .containsExactly(4, 3, 3);
        assertThat(IntStream.range(0, 4).map(i -> AgentShare.of(40_000, 4, i)).sum())
                .isEqualTo(40_000);
        assertThat(IntStream.range(0, 7).map(i -> AgentShare.of(400, 7, i)).sum())
                .isEqualTo(400);
    }

    @Test
    void aWholeRateIsSplitInWholeRequestsAFractionalOneEvenly() {
        assertThat(AgentShare.rate(10_000, 3, 0)).isEqualTo(3334);
        assertThat(AgentShare.rate(10_000, 3, 2)).isEqualTo(3333);
        assertThat(AgentShare.rate(2.5, 2, 1)).isEqualTo(1.25);
    }

    @Test
    void anIndexOutsideTheAgentsIsAUserError() {
        assertThatThrownBy(() -> AgentShare.of(10, 2, 2))
                .isInstanceOf(UserError.class)
                .hasMessageContaining("0..1");
        assertThatThrownBy(() -> AgentShare.of(10, 0, 0)).isInstanceOf(UserError.class);
    }
}
