package io.loadlab.core.proc;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Reads a fake /proc tree: a JIT compiler thread's CPU and its wait for a CPU, beside an application thread. */
class TaskStatsTest {
    @TempDir
    Path proc;

    @Test
    void sumsTheCompilerThreadsCpuAndTheirWaitForACpu() throws IOException {
        thread(101, "main", 50, 5, "900000000 400000000 10");
        thread(102, "C2 CompilerThre", 30, 10, "400000000 2500000000 7");
        thread(103, "C1 CompilerThre", 4, 1, "50000000 500000000 3");
        TaskStats t = TaskStats.read(proc, 100);
        assertThat(t.compilerThreads()).isEqualTo(2);
        assertThat(t.compilerTicks()).isEqualTo(45);
        assertThat(t.compilerWaitNanos()).isEqualTo(3_000_000_000L);
        assertThat(t.voluntaryContextSwitches()).isEqualTo(21);
    }

    @Test
    void aKernelWithoutSchedstatCountsNoWait() throws IOException {
        thread(102, "C2 CompilerThre", 30, 10, null);
        TaskStats t = TaskStats.read(proc, 100);
        assertThat(t.compilerTicks()).isEqualTo(40);
        assertThat(t.compilerWaitNanos()).isZero();
    }

    private void thread(int tid, String name, long user, long sys, String schedstat) throws IOException {
        Path task = Files.createDirectories(proc.resolve("100/task/" + tid));
        Files.writeString(
                task.resolve("stat"),
                tid + " (" + name + ") S 1 100 100 0 -1 4194560 100 0 0 0 " + user + " " + sys
                        + " 0 0 20 0 3 0 100 1000 200\n");
        Files.writeString(
                task.resolve("status"), "Name:\tx\nvoluntary_ctxt_switches:\t7\nnonvoluntary_ctxt_switches:\t1\n");
        if (schedstat != null) {
            Files.writeString(task.resolve("schedstat"), schedstat + "\n");
        }
    }
}
