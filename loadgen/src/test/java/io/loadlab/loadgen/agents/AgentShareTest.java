package io.loadlab.loadgen.agents;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.loadlab.core.UserError;
import io.loadlab.core.unit.Rate;
import io.loadlab.loadgen.LoadSpec;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class AgentShareTest {
    @Test
    void sharesAddUpExactlyWithTheRemainderToTheFirstAgents() {
        assertThat(IntStream.range(0, 3).map(i -> new AgentShare(3, i).part(10)).toArray())
                .containsExactly(4, 3, 3);
        assertThat(IntStream.range(0, 4)
                        .map(i -> new AgentShare(4, i).part(40_000))
                        .sum())
                .isEqualTo(40_000);
        assertThat(IntStream.range(0, 7)
                        .map(i -> new AgentShare(7, i).part(400))
                        .sum())
                .isEqualTo(400);
    }

    @Test
    void aWholeRateIsSplitInWholeRequestsAFractionalOneEvenly() {
        assertThat(new AgentShare(3, 0).rate(10_000)).isEqualTo(3334);
        assertThat(new AgentShare(3, 2).rate(10_000)).isEqualTo(3333);
        assertThat(new AgentShare(2, 1).rate(2.5)).isEqualTo(1.25);
    }

    @Test
    void aSpecsShareDividesConnectionsTheCapAndTheRateAndKeepsTheRest() {
        LoadSpec whole = LoadSpec.builder("http://127.0.0.1:8080/plaintext")
                .threads(1)
                .connections(5)
                .maxConnections(11)
                .rate(Rate.perSecond(101))
                .build();
        List<LoadSpec> parts = AgentShare.split(whole, 2);
        assertThat(parts).extracting(LoadSpec::connections).containsExactly(3, 2);
        assertThat(parts).extracting(LoadSpec::maxConnections).containsExactly(6, 5);
        assertThat(parts).extracting(p -> p.rate().perSecond()).containsExactly(51.0, 50.0);
        assertThat(parts.get(1).withLoad(5, 11, Rate.perSecond(101))).isEqualTo(whole);
        assertThat(new AgentShare(2, 1).of(4, 2, null))
                .as("a cap below the agent's connections is raised to them")
                .isEqualTo(new AgentShare.Load(2, 2, null));
    }

    @Test
    void anIndexOutsideTheAgentsOrTooFewConnectionsIsAUserError() {
        assertThatThrownBy(() -> new AgentShare(2, 2))
                .isInstanceOf(UserError.class)
                .hasMessageContaining("0..1");
        assertThatThrownBy(() -> new AgentShare(0, 0)).isInstanceOf(UserError.class);
        assertThatThrownBy(() -> new AgentShare(3, 0).of(2, 2, null))
                .isInstanceOf(UserError.class)
                .hasMessage("-c 2 is fewer than --agents 3: every agent needs at least one connection");
    }
}
