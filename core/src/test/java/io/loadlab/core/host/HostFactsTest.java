package io.loadlab.core.host;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Reads the real host. Values differ between machines; their relations do not. */
class HostFactsTest {
    @Test
    void readsEveryFactOfThisHost() {
        HostFacts h = HostFacts.read();
        assertThat(h.unreadable()).isEmpty();
        assertThat(h.openFilesSoft()).isPositive().isLessThanOrEqualTo(h.openFilesHard());
        assertThat(h.portLow()).isPositive().isLessThan(h.portHigh());
        assertThat(h.ephemeralPorts()).isEqualTo(h.portHigh() - h.portLow() + 1);
        assertThat(h.somaxconn()).isPositive();
        assertThat(h.cpusUsable()).isEqualTo(Runtime.getRuntime().availableProcessors());
        assertThat(h.cpusOnline()).isGreaterThanOrEqualTo(h.cpusUsable());
        assertThat(h.memTotalBytes())
                .isGreaterThanOrEqualTo(h.memAvailableBytes())
                .isPositive();
        assertThat(h.pidMax()).isPositive();
    }

    @Test
    void countsCpuLists() {
        assertThat(HostFacts.cpuCount("0-1")).isEqualTo(2);
        assertThat(HostFacts.cpuCount("0-3,8,10-11")).isEqualTo(7);
        assertThat(HostFacts.cpuCount("5")).isEqualTo(1);
        assertThat(HostFacts.cpuCount(null)).isEqualTo(-1);
    }
}
