package io.loadlab.core.result;

import java.util.List;

/**
 * What the lab sampled from {@code /proc} each second of the measured window: every process it started (CPU, RSS,
 * threads, context switches) and the machine's per-core idle and iowait.
 */
public record Resources(List<ProcessSeries> processes, List<MachineSample> machine) {
    public static final Resources NONE = new Resources(List.of(), List.of());

    /** The series of the process with this role ({@code server}, {@code loadgen}, {@code backend}, ...), or null. */
    public ProcessSeries process(String role) {
        if (processes == null) {
            return null;
        }
        for (ProcessSeries p : processes) {
            if (p.role().equals(role)) {
                return p;
            }
        }
        return null;
    }
}
