package io.loadlab.lab.proc;

import com.fasterxml.jackson.core.type.TypeReference;
import io.loadlab.core.Json;
import io.loadlab.core.UserError;
import io.loadlab.core.unit.Duration;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Starts the lab's child processes: {@code loadlab} subcommands in a fresh JVM on the lab's own classpath (so it
 * works from the shaded jar and from tests alike), or a user's shell command; pinned with {@code taskset -c} when
 * pinning is on; with the open-file soft limit raised to the hard limit. stdout goes to {@code ROLE.out}, stderr to
 * {@code ROLE.log}; every child is registered before this returns. Blocking.
 */
public final class ChildLauncher {
    private final ProcessRegistry registry;
    private final List<String> jvmFlags;
    private final boolean pin;
    private final String classpath;
    private final Map<String, String> env;

    /**
     * @param env environment variables of every child, e.g. {@link #RESULTS_ENV}: a marker that every descendant
     *     inherits, so that a leftover process can be traced to the suite that started it
     */
    public ChildLauncher(
            ProcessRegistry registry, List<String> jvmFlags, boolean pin, String classpath, Map<String, String> env) {
        this.registry = registry;
        this.jvmFlags = List.copyOf(jvmFlags);
        this.pin = pin;
        this.classpath = classpath;
        this.env = Map.copyOf(env);
    }

    /** The environment variable holding the results directory in every process the lab starts. */
    public static final String RESULTS_ENV = "LOADLAB_RESULTS";

    /** True when {@code taskset} is on the PATH and the host has at least 2 CPUs. */
    public static boolean canPin() {
        if (Runtime.getRuntime().availableProcessors() < 2) {
            return false;
        }
        for (String dir : System.getenv().getOrDefault("PATH", "/usr/bin:/bin").split(":")) {
            if (Files.isExecutable(Path.of(dir, "taskset"))) {
                return true;
            }
        }
        return false;
    }

    /** The command line of {@code loadlab SUBCOMMAND ARGS} in a new JVM. */
    public List<String> loadlabCommand(String subcommand, List<String> args) {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(jvmFlags);
        cmd.add("-cp");
        cmd.add(classpath);
        cmd.add("io.loadlab.cli.Main");
        cmd.add(subcommand);
        cmd.addAll(args);
        return cmd;
    }

    /** Starts {@code command} as {@code role} with its output in {@code dir}; does not wait for anything. */
    public Child start(String role, List<String> command, String cpus, Path dir) throws IOException {
        return start(role, command, cpus, dir, Map.of());
    }

    /** As {@link #start(String, List, String, Path)}, with extra environment variables for this child. */
    public Child start(String role, List<String> command, String cpus, Path dir, Map<String, String> extraEnv)
            throws IOException {
        Files.createDirectories(dir);
        List<String> full = new ArrayList<>();
        // sh raises the soft open-file limit for the child, then execs it: the PID stays the child's own.
        full.add("/bin/sh");
        full.add("-c");
        full.add("ulimit -n $(ulimit -Hn) 2>/dev/null; exec \"$@\"");
        full.add("loadlab-" + role);
        if (pin && cpus != null) {
            full.add("taskset");
            full.add("-c");
            full.add(cpus);
        }
        full.addAll(command);
        Path out = dir.resolve(role + ".out");
        Path log = dir.resolve(role + ".log");
        Files.writeString(log, "# " + String.join(" ", full) + "\n");
        ProcessBuilder pb = new ProcessBuilder(full)
                .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()))
                .redirectOutput(out.toFile())
                .redirectError(ProcessBuilder.Redirect.appendTo(log.toFile()));
        pb.environment().putAll(env);
        pb.environment().putAll(extraEnv);
        Process p = pb.start();
        registry.register(p.toHandle());
        return new Child(role, p, pin ? cpus : null, log, Map.of());
    }

    /**
     * Starts a child that announces itself with one JSON line on stdout (serve, backend) and waits for that line.
     *
     * @throws UserError when the child exits first or stays silent beyond {@code timeout}; its log tail is quoted
     */
    public Child startAnnounced(String role, List<String> command, String cpus, Path dir, Duration timeout)
            throws IOException, InterruptedException {
        Child c = start(role, command, cpus, dir);
        Path out = dir.resolve(role + ".out");
        long deadline = System.nanoTime() + timeout.nanos();
        while (System.nanoTime() < deadline) {
            String first = firstLine(out);
            if (first != null) {
                try {
                    Map<String, Object> json = Json.mapper().readValue(first, new TypeReference<>() {});
                    return new Child(role, c.process(), c.cpus(), c.log(), json);
                } catch (IOException e) {
                    registry.stop(c.process().toHandle());
                    throw new UserError(
                            role + " printed '" + first + "' instead of its JSON settings line; log: " + c.log());
                }
            }
            if (!c.alive()) {
                throw new UserError(role + " exited with status " + c.process().exitValue() + " before it was ready: "
                        + tail(c.log()));
            }
            Thread.sleep(20);
        }
        registry.stop(c.process().toHandle());
        throw new UserError(role + " printed no settings line within " + timeout + "; log: " + c.log());
    }

    private static String firstLine(Path out) throws IOException {
        String s = Files.readString(out);
        int nl = s.indexOf('\n');
        return nl < 0 ? null : s.substring(0, nl).trim();
    }

    /** The last non-comment lines of a log, joined, for one-line error messages. */
    public static String tail(Path log) {
        try {
            List<String> lines = Files.readAllLines(log).stream()
                    .filter(l -> !l.startsWith("# ") && !l.isBlank())
                    .toList();
            return lines.isEmpty()
                    ? "(no output; log: " + log + ")"
                    : String.join(" | ", lines.subList(Math.max(0, lines.size() - 3), lines.size()));
        } catch (IOException e) {
            return "(no log: " + log + ")";
        }
    }
}
