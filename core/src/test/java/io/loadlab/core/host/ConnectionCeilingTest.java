package io.loadlab.core.host;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class ConnectionCeilingTest {
    static HostFacts host(long nofileHard, int portLow, int portHigh, long somaxconn) {
        return new HostFacts(
                nofileHard,
                nofileHard,
                1 << 20,
                96_365,
                somaxconn,
                2048,
                portLow,
                portHigh,
                2,
                192_730,
                32_768,
                65_530,
                2,
                2,
                "0-1",
                24L << 30,
                23L << 30,
                "test cpu",
                "6.1",
                List.of());
    }

    @Test
    void openFilesBindOnThisKindOfHost() {
        ConnectionCeiling c = ConnectionCeiling.of(host(20_000, 32_768, 60_999, 4096));
        assertThat(c.perProcess()).isEqualTo(20_000 - ConnectionCeiling.FD_RESERVE);
        assertThat(c.perSourceAddress()).isEqualTo(28_232);
        assertThat(c.ceiling()).isEqualTo(19_744);
        assertThat(c.bindingLimit()).isEqualTo("open files");
        assertThat(c.actionable().get(0).name()).startsWith("open files");
        assertThat(c.actionable().get(0).fix()).contains("*    hard nofile 1048576");
    }

    @Test
    void portsBindWhenFilesArePlentiful() {
        ConnectionCeiling c = ConnectionCeiling.of(host(1_048_576, 32_768, 60_999, 65_535));
        assertThat(c.ceiling()).isEqualTo(28_232);
        assertThat(c.bindingLimit()).isEqualTo("ephemeral ports");
        Finding ports = c.actionable().get(0);
        assertThat(ports.status()).isEqualTo(Finding.Status.LIMIT);
        assertThat(ports.fix()).anyMatch(l -> l.contains("--source-addresses"));
    }

    @Test
    void aDefaultDesktopLimitIsFarBelowTenThousandConnections() {
        ConnectionCeiling c = ConnectionCeiling.of(host(1024, 32_768, 60_999, 4096));
        assertThat(c.ceiling()).isEqualTo(768);
        assertThat(c.findings().get(0).status()).isEqualTo(Finding.Status.LIMIT);
    }

    @Test
    void aSmallBacklogIsAWarningNotALimit() {
        ConnectionCeiling c = ConnectionCeiling.of(host(20_000, 32_768, 60_999, 128));
        assertThat(c.findings())
                .filteredOn(f -> f.name().contains("somaxconn"))
                .singleElement()
                .extracting(Finding::status)
                .isEqualTo(Finding.Status.WARN);
    }

    @Test
    void threadsAreBoundByTheSmallestKernelLimit() {
        ConnectionCeiling c = ConnectionCeiling.of(host(20_000, 32_768, 60_999, 4096));
        assertThat(c.threadCeiling()).isEqualTo(65_530 / 2);
        assertThat(c.threadBindingLimit()).isEqualTo("vm.max_map_count / 2");
    }
}
