package io.loadlab.lab.spec;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.IntStream;

/**
 * Which CPUs (taskset lists, e.g. {@code 1} or {@code 2-3}) the server, the load generator and the dependencies
 * (backend, database) run on. A null list means "not pinned". On 2 CPUs the server gets CPU 1 and everything else
 * CPU 0; on more, the server gets the upper half and the rest the lower half, so the load generator never competes
 * with the server under test.
 */
public record CpuSplit(String server, String loadgen, String dependencies) {

    public static final CpuSplit UNPINNED = new CpuSplit(null, null, null);

    /** The documented default split for a host with {@code cpus} CPUs. */
    public static CpuSplit forHost(int cpus) {
        if (cpus < 2) {
            return UNPINNED;
        }
        if (cpus == 2) {
            return new CpuSplit("1", "0", "0");
        }
        int half = cpus / 2;
        String low = half == 1 ? "0" : "0-" + (half - 1);
        String high = half == cpus - 1 ? Integer.toString(half) : half + "-" + (cpus - 1);
        return new CpuSplit(high, low, low);
    }

    public boolean pinned() {
        return server != null || loadgen != null || dependencies != null;
    }

    public Map<String, String> asMap() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("server", server == null ? "any" : server);
        m.put("loadgen", loadgen == null ? "any" : loadgen);
        m.put("dependencies", dependencies == null ? "any" : dependencies);
        return m;
    }

    /** The CPU ids of a taskset list such as {@code 0,2-3}; empty for null. */
    public static int[] ids(String list) {
        if (list == null || list.isBlank()) {
            return new int[0];
        }
        return Arrays.stream(list.split(","))
                .flatMapToInt(part -> {
                    String[] r = part.trim().split("-");
                    int from = Integer.parseInt(r[0].trim());
                    int to = r.length > 1 ? Integer.parseInt(r[1].trim()) : from;
                    return IntStream.rangeClosed(from, to);
                })
                .toArray();
    }
}
