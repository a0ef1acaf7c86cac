package io.loadlab.core.proc;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The live processes whose environment holds a variable, grouped by its value: every process a loadlab run starts
 * carries {@code LOADLAB_RESULTS=<its results directory>}, so this finds a run's processes, its own or another's.
 * Reads {@code /proc/PID/environ} (a process of another user is skipped unless this one may read it).
 */
public final class MarkedProcesses {
    private MarkedProcesses() {}

    /** PIDs by the value of {@code name}, values in order; this process is never among them. */
    public static Map<String, List<Long>> byValue(String name) {
        String prefix = name + "=";
        Map<String, List<Long>> found = new TreeMap<>();
        long self = ProcessHandle.current().pid();
        try (DirectoryStream<Path> procs = Files.newDirectoryStream(Path.of("/proc"), "[0-9]*")) {
            for (Path p : procs) {
                long pid = Long.parseLong(p.getFileName().toString());
                if (pid == self) {
                    continue;
                }
                byte[] env;
                try {
                    env = Files.readAllBytes(p.resolve("environ"));
                } catch (IOException | SecurityException goneOrNotOurs) {
                    continue;
                }
                for (String var : new String(env, StandardCharsets.UTF_8).split("\0")) {
                    if (var.startsWith(prefix)) {
                        found.computeIfAbsent(var.substring(prefix.length()), k -> new ArrayList<>())
                                .add(pid);
                        break;
                    }
                }
            }
        } catch (IOException | NumberFormatException e) {
            return found;
        }
        return found;
    }
}
