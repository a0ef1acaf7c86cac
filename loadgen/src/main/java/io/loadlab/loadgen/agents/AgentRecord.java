package io.loadlab.loadgen.agents;

import io.loadlab.core.result.LoadReport;
import io.loadlab.loadgen.LoadResult;
import io.loadlab.loadgen.LoadSpec;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.zip.DataFormatException;
import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.Histogram;

/**
 * What one load agent hands to the merge ({@code agent.json}): its own report, the histograms behind it (compressed
 * HdrHistograms, base64), the raw per-connection counts behind its fairness, its CPU, and when its window really ran
 * on the wall clock. Everything a merge needs to be exact is here; {@code load.hlog} beside it adds the per-second
 * histograms of the timeline.
 *
 * @param index this agent's index, 0-based
 * @param agents how many agents shared the run
 * @param startAtEpochMicros the instant its window was to open: the shared start it was given plus the warm-up; null
 *     when it was given none (it started on its own)
 * @param windowStartEpochMicros when its window opened
 * @param threads its load threads
 * @param cpus the CPUs its process could use
 * @param cpuSeconds its CPU time in the window, -1 when unknown
 * @param targetRps open model: its share of the rate
 * @param latency its latency histogram (every request, unfinished ones at their age)
 * @param serviceTime open model: its service-time histogram
 * @param latencyByRequest one histogram per named request, in the report's order
 * @param serviceTimeByRequest open model: the same for service time
 */
public record AgentRecord(
        int schemaVersion,
        int index,
        int agents,
        Long startAtEpochMicros,
        long windowStartEpochMicros,
        int threads,
        int cpus,
        double cpuSeconds,
        Double targetRps,
        long[] completedPerConnection,
        String latency,
        String serviceTime,
        List<String> latencyByRequest,
        List<String> serviceTimeByRequest,
        LoadReport report) {

    public static final int SCHEMA_VERSION = 1;

    /**
     * The record of a finished run of agent {@code index} of {@code agents} whose load was to begin at
     * {@code loadStartEpochMicros} (null: it was given no start).
     */
    public static AgentRecord of(int index, int agents, Long loadStartEpochMicros, LoadSpec spec, LoadResult r) {
        return new AgentRecord(
                SCHEMA_VERSION,
                index,
                agents,
                loadStartEpochMicros == null
                        ? null
                        : loadStartEpochMicros + spec.warmup().nanos() / 1_000,
                r.windowStartEpochMicros(),
                spec.threads(),
                Runtime.getRuntime().availableProcessors(),
                r.cpuSeconds(),
                spec.open() ? spec.rate().perSecond() : null,
                r.completedPerConnection(),
                encode(r.latency()),
                r.serviceTime() == null ? null : encode(r.serviceTime()),
                encodeAll(r.latencyByRequest()),
                r.serviceTimeByRequest() == null ? null : encodeAll(r.serviceTimeByRequest()),
                r.report());
    }

    /** When its window closed, epoch microseconds. */
    public long windowEndEpochMicros() {
        return windowStartEpochMicros + Math.round(report.run().durationS() * 1e6);
    }

    /** A histogram as this record holds it: HdrHistogram's compressed encoding in base64. */
    public static String encode(AbstractHistogram h) {
        ByteBuffer b = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
        int n = h.encodeIntoCompressedByteBuffer(b);
        return Base64.getEncoder().encodeToString(java.util.Arrays.copyOf(b.array(), n));
    }

    private static List<String> encodeAll(List<AbstractHistogram> hs) {
        List<String> out = new ArrayList<>(hs.size());
        for (AbstractHistogram h : hs) {
            out.add(encode(h));
        }
        return out;
    }

    /** Decodes one of this record's histograms; null stays null. */
    static Histogram decode(String base64) {
        if (base64 == null) {
            return null;
        }
        try {
            return Histogram.decodeFromCompressedByteBuffer(
                    ByteBuffer.wrap(Base64.getDecoder().decode(base64)), 0);
        } catch (DataFormatException | IllegalArgumentException e) {
            throw new IllegalArgumentException("a histogram in the agent's output is damaged: " + e.getMessage(), e);
        }
    }
}
