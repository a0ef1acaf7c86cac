package io.loadlab.cli;

import io.loadlab.core.UserError;
import io.loadlab.lab.spec.CpuSplit;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * {@code run --cpus SERVER:LOADGEN:DEPS}, each a taskset list, checked against the CPUs this process may run on, so
 * a typo is one line before anything starts rather than a server that cannot be pinned and a broken trial.
 */
final class CpuFlag {
    private static final Path STATUS = Path.of("/proc/self/status");

    private CpuFlag() {}

    static CpuSplit parse(String text) {
        String[] p = text.split(":", -1);
        if (p.length != 3) {
            throw new UserError("--cpus wants SERVER:LOADGEN:DEPS CPU lists, e.g. 1:0:0, got '" + text + "'");
        }
        int[] allowed = allowed();
        for (String list : p) {
            int[] ids;
            try {
                ids = CpuSplit.ids(list);
            } catch (RuntimeException e) {
                throw new UserError("--cpus '" + text + "': '" + list + "' is not a CPU list such as 1, 0-3 or 0,2");
            }
            for (int id : ids) {
                if (id < 0 || (allowed != null && Arrays.stream(allowed).noneMatch(a -> a == id))) {
                    throw new UserError("--cpus '" + text + "': CPU " + id + " is not one this host lets loadlab use ("
                            + Arrays.toString(allowed) + ")");
                }
            }
        }
        return new CpuSplit(p[0], p[1], p[2]);
    }

    /** The CPUs this process may run on ({@code Cpus_allowed_list}), or null when the kernel does not say. */
    private static int[] allowed() {
        try {
            for (String line : Files.readAllLines(STATUS)) {
                if (line.startsWith("Cpus_allowed_list:")) {
                    return CpuSplit.ids(line.substring(line.indexOf(':') + 1).trim());
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux, or unreadable: taskset says so when the lab pins
        }
        return null;
    }
}
