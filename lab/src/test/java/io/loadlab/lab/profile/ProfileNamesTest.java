package io.loadlab.lab.profile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The names the profiler derives: collectors from their beans, platforms from os.name/os.arch, modes from flags. */
class ProfileNamesTest {
    @Test
    void theCollectorIsNamedFromItsBeansAndConcurrentCyclesAreNoPauses() {
        assertThat(JvmFigures.collectorOf(List.of("G1 Young Generation", "G1 Old Generation", "G1 Concurrent GC")))
                .isEqualTo("G1");
        assertThat(JvmFigures.collectorOf(List.of("Copy", "MarkSweepCompact"))).isEqualTo("Serial");
        assertThat(JvmFigures.collectorOf(List.of("PS Scavenge", "PS MarkSweep")))
                .isEqualTo("Parallel");
        assertThat(JvmFigures.collectorOf(List.of("ZGC Minor Cycles", "ZGC Minor Pauses")))
                .isEqualTo("ZGC");
        assertThat(JvmFigures.pauses("ZGC Major Pauses")).isTrue();
        assertThat(JvmFigures.pauses("ZGC Major Cycles")).isFalse();
        assertThat(JvmFigures.pauses("Shenandoah Cycles")).isFalse();
        assertThat(JvmFigures.pauses("G1 Young Generation")).isTrue();
    }

    @Test
    void asyncProfilerRunsOnLinuxX64AndArm64Only() {
        assertThat(AsyncProfilerLibrary.platform("linux", "amd64")).isEqualTo("linux-x64");
        assertThat(AsyncProfilerLibrary.platform("linux", "aarch64")).isEqualTo("linux-arm64");
        assertThat(AsyncProfilerLibrary.platform("linux", "riscv64")).isNull();
        assertThat(AsyncProfilerLibrary.platform("mac os x", "aarch64")).isNull();
    }

    @Test
    void theModesAreTheThreeCpuEnginesWallAndAlloc() {
        assertThat(ProfileMode.of("cpu")).isEqualTo(ProfileMode.CPU);
        assertThat(ProfileMode.of("itimer")).isEqualTo(ProfileMode.ITIMER);
        assertThat(ProfileMode.of("CTimer")).isEqualTo(ProfileMode.CTIMER);
        assertThat(ProfileMode.of(" WALL ")).isEqualTo(ProfileMode.WALL);
        assertThat(ProfileMode.ITIMER.onCpu()).isTrue();
        assertThat(ProfileMode.of("alloc")).isEqualTo(ProfileMode.ALLOC);
        assertThat(ProfileMode.WALL.onCpu()).isFalse();
        assertThat(ProfileMode.ALLOC.onCpu()).isFalse();
        assertThatThrownBy(() -> ProfileMode.of("lock")).hasMessageContaining("use cpu, itimer, ctimer, wall or alloc");
    }
}
