package io.loadlab.core.result;

import java.util.List;

/**
 * Everything sampled of one process during a trial's measurement: its role ({@code server}, {@code loadgen},
 * {@code backend}, {@code postgres}), PID, the CPUs it was pinned to, and its samples, with a summary.
 *
 * @param cpuWaitMean the mean of its samples' {@code cpu_wait} (cores' worth of time its threads waited for a CPU);
 *     null when any sample lacks it
 * @param gcPausesBefore a JVM's stop-the-world pauses in its GC log that ended before the window opened (since it
 *     started: its start-up and warm-up; for the backend, earlier trials' too); null where the lab has no log of it
 *     and in files written before it was recorded
 */
public record ProcessSeries(
        String role,
        long pid,
        String cpus,
        double cpuMean,
        double cpuMax,
        Double cpuWaitMean,
        long rssMaxBytes,
        int threadsMax,
        long voluntaryCtx,
        long involuntaryCtx,
        Integer gcPausesBefore,
        List<ProcessSample> samples) {
    /** Its mean CPU spent per request at {@code rps} requests per second, in µs; NaN when nothing was served. */
    public double cpuMicrosPerRequest(double rps) {
        return rps > 0 ? cpuMean / rps * 1e6 : Double.NaN;
    }

    /** What its threads asked of the CPUs, in cores: the CPU they used plus the time they waited for one. */
    public double cpuDemand() {
        return cpuMean + (cpuWaitMean == null ? 0 : cpuWaitMean);
    }
}
