package io.loadlab.servers.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.loadlab.core.host.ConnectionCeiling;
import org.junit.jupiter.api.Test;

class BackendConnectionsTest {
    @Test
    void halfOfTheDescriptorsLeftAfterTheJvmsOwn() {
        assertThat(BackendConnections.forOpenFileLimit(20_000)).isEqualTo((20_000 - ConnectionCeiling.FD_RESERVE) / 2);
        // as many inbound connections as backend ones, and the JVM's own descriptors, fit under the limit
        assertThat(2 * BackendConnections.forOpenFileLimit(20_000) + ConnectionCeiling.FD_RESERVE)
                .isLessThanOrEqualTo(20_000);
        assertThat(BackendConnections.forOpenFileLimit(1_048_576))
                .isEqualTo((1_048_576 - ConnectionCeiling.FD_RESERVE) / 2);
    }

    @Test
    void neverBelowOneAndTenThousandWhenTheLimitIsUnknown() {
        assertThat(BackendConnections.forOpenFileLimit(100)).isEqualTo(1);
        assertThat(BackendConnections.forOpenFileLimit(-1)).isEqualTo(10_000);
    }

    @Test
    void theLoopsSharesNeverAddUpToMoreThanTheBound() {
        assertThat(BackendConnections.perLoop(9_872, 3)).isEqualTo(3_290);
        assertThat(BackendConnections.perLoop(9_872, 3) * 3).isLessThanOrEqualTo(9_872);
        assertThat(BackendConnections.perLoop(1, 4)).isEqualTo(1);
    }

    @Test
    void thisProcessHasABound() {
        assertThat(BackendConnections.forThisProcess()).isPositive();
    }
}
