package io.loadlab.core.result;

import java.util.List;
import java.util.Map;

/**
 * Where the server's time went during the measured window, and what its JVM did: the profiler that sampled it, the
 * frames with the most self time, the JVM's garbage collections, allocation and threads, and the per-request costs
 * that make two models comparable. A figure the lab could not take is null, and {@code notes} says why.
 *
 * @param profiler what sampled the stacks ("async-profiler 4.6, cpu every 1 ms"), null when nothing did
 * @param samples the stack samples in the window
 * @param topFrames the frames with the most self samples, most first
 * @param selfTime the share of samples that ended in Java code ({@code java}: compiled, inlined or interpreted), in
 *     the JVM's or a library's native code ({@code native}: GC, JIT, I/O wrappers) and in the kernel ({@code kernel})
 * @param jvm the JVM's own figures over the window, null when the lab could not read them
 * @param perRequest the window's costs divided by its completed requests
 * @param notes why a profile or a figure is missing, or how it was taken when not as usual (a fallback)
 */
public record ServerProfile(
        String profiler,
        long samples,
        List<Frame> topFrames,
        Map<String, Double> selfTime,
        Jvm jvm,
        PerRequest perRequest,
        List<String> notes) {

    /**
     * A frame and the samples that ended in it: {@code share} is their fraction of all samples.
     *
     * @param name the method or native function, as the flame graph names it
     * @param kind {@code java} (JIT-compiled), {@code inlined}, {@code interpreted}, {@code c1}, {@code native} (the
     *     JVM's or a library's C code) or {@code kernel}; in an allocation profile {@link #ALLOCATED}
     */
    public record Frame(String name, String kind, long samples, double share) {}

    /** The kind of an allocation profile's top frames ({@code --profile=alloc}): the classes allocated. */
    public static final String ALLOCATED = "allocated";

    /** True for an allocation profile: its top frames are the classes allocated, not where a CPU spent its time. */
    public boolean allocations() {
        return topFrames != null
                && !topFrames.isEmpty()
                && ALLOCATED.equals(topFrames.get(0).kind());
    }

    /**
     * The JVM over the window: its collector, the stop-the-world pauses that began in the window (count, total,
     * longest), the bytes allocated on its heap (total and per second) and the most platform threads alive at once.
     */
    public record Jvm(
            String collector,
            long gcPauses,
            double gcPauseTotalMs,
            double gcPauseMaxMs,
            long allocatedBytes,
            double allocatedMbPerS,
            int threadsPeak) {}

    /**
     * The window's costs per completed request: server CPU (µs), heap allocation (bytes), and voluntary and
     * involuntary context switches of the server's threads. Null where the figure is missing.
     */
    public record PerRequest(Double cpuUs, Double allocatedBytes, Double voluntaryCtx, Double involuntaryCtx) {}
}
