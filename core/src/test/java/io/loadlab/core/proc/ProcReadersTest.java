package io.loadlab.core.proc;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

/** Reads the real /proc of the test JVM. */
class ProcReadersTest {
    @Test
    void readsThisProcess() {
        ProcessStat s = ProcessStat.read(ProcessHandle.current().pid()).orElseThrow();
        assertThat(s.rssBytes()).isGreaterThan(1 << 20);
        assertThat(s.threads()).isGreaterThan(1);
        assertThat(s.totalTicks()).isPositive();
        assertThat(s.voluntaryContextSwitches()).isPositive();
    }

    @Test
    void countsNewThreadsAndBurnedCpu() throws Exception {
        long pid = ProcessHandle.current().pid();
        ProcessStat before = ProcessStat.read(pid).orElseThrow();
        CountDownLatch release = new CountDownLatch(1);
        List<Thread> parked = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            Thread t = new Thread(() -> {
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            t.start();
            parked.add(t);
        }
        // Spin until /proc shows 10 ticks (100 ms at USER_HZ=100) more CPU, or give up after 10 s: on a busy
        // machine this thread may get little of a core, but a reader that never sees the time grow fails.
        long until = System.nanoTime() + 10_000_000_000L;
        long x = 0;
        while (System.nanoTime() < until
                && ProcessStat.read(pid).orElseThrow().totalTicks() - before.totalTicks() < 10) {
            for (int i = 0; i < 100_000; i++) {
                x += Long.numberOfTrailingZeros(x + i);
            }
        }
        ProcessStat during = ProcessStat.read(pid).orElseThrow();
        release.countDown();
        for (Thread t : parked) {
            t.join();
        }
        assertThat(during.threads()).isGreaterThanOrEqualTo(before.threads() + 20);
        assertThat(during.totalTicks() - before.totalTicks())
                .as("ticks (x=%d)", x)
                .isGreaterThanOrEqualTo(10);
    }

    @Test
    void aProcessThatDoesNotExistReadsAsEmpty() {
        assertThat(ProcessStat.read(Integer.MAX_VALUE)).isEmpty();
    }

    @Test
    void parsesACommandNameWithSpacesAndParentheses() {
        String stat = "42 (my (odd) name) S 1 42 42 0 -1 4194560 100 0 0 0 1234 567 89 12 20 0 3 0 100 1000 200";
        String status = "Name:\tx\nThreads:\t3\nVmRSS:\t  2048 kB\nvoluntary_ctxt_switches:\t7\n"
                + "nonvoluntary_ctxt_switches:\t9\n";
        ProcessStat s = ProcessStat.parse(42, stat, status);
        assertThat(s.userTicks()).isEqualTo(1234);
        assertThat(s.systemTicks()).isEqualTo(567);
        assertThat(s.reapedUserTicks()).isEqualTo(89);
        assertThat(s.reapedSystemTicks()).isEqualTo(12);
        assertThat(s.totalTicks()).isEqualTo(1234 + 567);
        assertThat(s.rssBytes()).isEqualTo(2048 * 1024);
        assertThat(s.threads()).isEqualTo(3);
        assertThat(s.voluntaryContextSwitches()).isEqualTo(7);
        assertThat(s.involuntaryContextSwitches()).isEqualTo(9);
    }

    @Test
    void readsEveryOnlineCoreOfTheMachine() {
        CpuTimes t = CpuTimes.read();
        assertThat(t.cores()).hasSize(Runtime.getRuntime().availableProcessors());
        assertThat(t.cores()).allSatisfy(c -> assertThat(c.busy() + c.idle()).isPositive());
    }

    @Test
    void computesIdleBusyAndIowaitFractionsBetweenSnapshots() {
        CpuTimes a = CpuTimes.parse("cpu  0 0 0 0 0 0 0 0\ncpu0 100 0 100 800 0 0 0 0\ncpu1 0 0 0 1000 0 0 0 0\n");
        CpuTimes b = CpuTimes.parse("cpu  0 0 0 0 0 0 0 0\ncpu0 150 0 150 850 50 0 0 0\ncpu1 100 0 0 1000 0 0 0 0\n");
        assertThat(CpuTimes.idleFractions(a, b)).containsExactly(0.25, 0.0);
        assertThat(CpuTimes.busyFractions(a, b)).containsExactly(0.5, 1.0);
        assertThat(CpuTimes.iowaitFractions(a, b)).containsExactly(0.25, 0.0);
    }

    @Test
    void readsSysctlValuesWholeEvenThoughProcReportsSizeZero() {
        assertThat(ProcFs.readValue("/proc/sys/net/ipv4/ip_local_port_range")).matches("\\d+\\s+\\d+");
        assertThat(ProcFs.readValue("/proc/does/not/exist")).isNull();
        assertThat(ProcFs.clockTicksPerSecond()).isPositive();
    }
}
