package io.loadlab.lab.trial;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class AgentChildrenTest {
    @Test
    void eachAgentGetsItsOwnCpusWhenThereAreEnough() {
        assertThat(AgentChildren.cpusPerAgent("2-5", 2)).containsExactly("2,3", "4,5");
        assertThat(AgentChildren.cpusPerAgent("0,1,2", 2)).containsExactly("0", "1,2");
        assertThat(AgentChildren.cpusPerAgent("0", 2)).as("too few: they share").containsExactly("0", "0");
        assertThat(AgentChildren.cpusPerAgent(null, 2)).containsExactly(null, null);
    }
}
