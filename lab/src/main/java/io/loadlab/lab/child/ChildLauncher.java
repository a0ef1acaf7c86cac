package io.loadlab.lab.child;

import io.loadlab.core.Defaults;
import io.loadlab.core.FileTrees;
import io.loadlab.core.Json;
import io.loadlab.lab.proc.ProcessRegistry;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * Starts the lab's child processes: a loadlab child ({@link ChildMain}) in a fresh JVM on the lab's own classpath (so
 * it works from the runnable jar and from tests alike) with its {@link ChildJob} written to {@code ROLE.job.json}, or
 * a user's shell command; pinned with {@code taskset -c} when pinning is on; with the open-file soft limit raised to
 * the hard limit. Standard output goes to {@code ROLE.events.jsonl} (a loadlab child's events) or {@code ROLE.out},
 * standard error to {@code ROLE.log}, a JVM's garbage collections to {@code ROLE.gc.log}, and a JVM's temporary files
 * (its {@code java.io.tmpdir}) to {@code ROLE.tmp}, which {@link #stop} removes once the process is gone: a server
 * ended by SIGKILL after its grace period leaves nothing in {@code /tmp} (Jetty's and Vert.x's work directories, a
 * Tomcat base directory). Every child is registered, to be ended by PID, before this returns. Blocking; thread-safe.
 */
public final class ChildLauncher {
    /** The role of the server under test: its JVM gets every server's heap and collector. */
    public static final String SERVER_ROLE = "server";

    /** The environment variable holding the results directory in every process the lab starts. */
    public static final String RESULTS_ENV = "LOADLAB_RESULTS";

    private final ProcessRegistry registry;
    private final List<String> jvmFlags;
    private final boolean pin;
    private final String classpath;
    private final Map<String, String> env;

    /** The temporary directories of the JVMs started and not yet removed, with their processes. */
    private final Map<Path, Process> temporary = new ConcurrentHashMap<>();

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

    /** The environment variables every child gets besides the lab's own (the results directory's marker). */
    public Map<String, String> environment() {
        return env;
    }

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

    /** Starts a loadlab child doing {@code job} as {@code role}; its job, events and log are in {@code dir}. */
    public ChildProcess start(String role, ChildJob job, String cpus, Path dir) throws IOException {
        return start(role, job, cpus, dir, List.of());
    }

    /** As {@link #start(String, ChildJob, String, Path)}, with JVM flags for this child only, after every other. */
    public ChildProcess start(String role, ChildJob job, String cpus, Path dir, List<String> extraJvmFlags)
            throws IOException {
        Files.createDirectories(dir);
        Path jobFile = dir.resolve(role + ".job.json");
        Json.writeAtomically(jobFile, job);
        List<String> cmd = new ArrayList<>();
        Path gcLog = java(cmd, role, dir);
        cmd.addAll(extraJvmFlags);
        cmd.add("-cp");
        cmd.add(classpath);
        cmd.add(ChildMain.class.getName());
        cmd.add(jobFile.toString());
        return launch(role, cmd, cpus, dir, dir.resolve(role + ".events.jsonl"), Map.of(), true, gcLog, tmp(dir, role));
    }

    /**
     * Starts a JVM on the lab's classpath running {@code mainClass} with {@code args} as {@code role}, spoken to as a
     * loadlab child: {@link ChildEvent}s on its standard output ({@code ROLE.events.jsonl}), {@link ChildCommand}s on
     * its standard input. Load agents are started so: with the command line's arguments rather than a job file.
     */
    public ChildProcess startMain(String role, String mainClass, List<String> args, String cpus, Path dir)
            throws IOException {
        Files.createDirectories(dir);
        List<String> cmd = new ArrayList<>();
        Path gcLog = java(cmd, role, dir);
        cmd.add("-cp");
        cmd.add(classpath);
        cmd.add(mainClass);
        cmd.addAll(args);
        return launch(role, cmd, cpus, dir, dir.resolve(role + ".events.jsonl"), Map.of(), true, gcLog, tmp(dir, role));
    }

    /**
     * Starts a runnable jar (a framework model's application) as {@code role} in a JVM with the same flags as every
     * loadlab child, so that heap, GC and the rest match the reference servers', then {@code extraJvmFlags}; it is
     * configured by {@code extraEnv} alone. Its standard output goes to {@code ROLE.out}.
     */
    public ChildProcess startJar(
            String role, Path jar, String cpus, Path dir, Map<String, String> extraEnv, List<String> extraJvmFlags)
            throws IOException {
        Files.createDirectories(dir);
        List<String> cmd = new ArrayList<>();
        Path gcLog = java(cmd, role, dir);
        cmd.addAll(extraJvmFlags);
        cmd.add("-jar");
        cmd.add(jar.toString());
        return launch(role, cmd, cpus, dir, dir.resolve(role + ".out"), extraEnv, false, gcLog, tmp(dir, role));
    }

    /**
     * Starts a user's shell command as {@code role}, with extra environment variables for it. Its {@code java} is the
     * JDK loadlab runs on ({@code JAVA_HOME}, first on {@code PATH}): a command saying {@code java -jar app.jar} gets a
     * JDK of 21 or more, not whatever older one the host's {@code PATH} holds; an absolute path still picks its own.
     */
    public ChildProcess startCommand(String role, String shellCommand, String cpus, Path dir, Map<String, String> extra)
            throws IOException {
        Files.createDirectories(dir);
        Map<String, String> withJdk = new HashMap<>();
        Path javaHome = Path.of(System.getProperty("java.home"));
        withJdk.put("JAVA_HOME", javaHome.toString());
        String path = System.getenv("PATH");
        withJdk.put("PATH", javaHome.resolve("bin") + (path == null || path.isEmpty() ? "" : ":" + path));
        withJdk.putAll(extra);
        return launch(
                role,
                List.of("/bin/sh", "-c", shellCommand),
                cpus,
                dir,
                dir.resolve(role + ".out"),
                withJdk,
                false,
                null,
                null);
    }

    /**
     * Starts {@code cmd} with the JDK's {@code java} and every loadlab JVM's flags, the first of them its garbage
     * collections' log ({@code ROLE.gc.log}, {@link io.loadlab.lab.sample.GcLog}), its temporary directory
     * ({@code ROLE.tmp}, made here) and, for the server, {@link Defaults#SERVER_JVM_FLAGS}, before any of the user's,
     * so that theirs win; returns that log's path, or null
     * when its path cannot be given to the JVM.
     */
    private Path java(List<String> cmd, String role, Path dir) throws IOException {
        Path gcLog = dir.resolve(role + ".gc.log");
        List<String> gc = Defaults.gcLogFlags(gcLog);
        Path tmp = Files.createDirectories(tmp(dir, role));
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(gc);
        cmd.add("-Djava.io.tmpdir=" + tmp);
        if (role.equals(SERVER_ROLE)) {
            cmd.addAll(Defaults.SERVER_JVM_FLAGS);
        }
        cmd.addAll(jvmFlags);
        return gc.isEmpty() ? null : gcLog;
    }

    private static Path tmp(Path dir, String role) {
        return dir.resolve(role + ".tmp");
    }

    /**
     * @param commands a pipe to its standard input for {@link ChildCommand}s (else {@code /dev/null})
     * @param gcLog its JVM's garbage-collection log, or null
     * @param tmp its JVM's temporary directory, or null
     */
    private ChildProcess launch(
            String role,
            List<String> command,
            String cpus,
            Path dir,
            Path out,
            Map<String, String> extraEnv,
            boolean commands,
            Path gcLog,
            Path tmp)
            throws IOException {
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
        Path log = dir.resolve(role + ".log");
        Files.writeString(log, "# " + String.join(" ", full) + "\n");
        ProcessBuilder pb = new ProcessBuilder(full)
                .redirectInput(
                        commands
                                ? ProcessBuilder.Redirect.PIPE
                                : ProcessBuilder.Redirect.from(
                                        Path.of("/dev/null").toFile()))
                .redirectOutput(out.toFile())
                .redirectError(ProcessBuilder.Redirect.appendTo(log.toFile()));
        pb.environment().putAll(env);
        pb.environment().putAll(extraEnv);
        Process p = pb.start();
        registry.register(p.toHandle());
        if (tmp != null) {
            temporary.put(tmp, p);
        }
        return new ChildProcess(role, p, pin ? cpus : null, log, out, gcLog, tmp);
    }

    /**
     * Ends one child and its descendants by PID (SIGTERM, a grace period, SIGKILL), then removes its JVM's temporary
     * directory; one that cannot be removed is left in the child's directory, where the results keep it.
     */
    public void stop(ChildProcess c) {
        registry.stop(c.process().toHandle());
        if (c.tmp() != null) {
            removeTemporary(c.tmp(), c.process());
        }
    }

    /** Ends every child still registered, as {@link ProcessRegistry#stopAll}, then removes their JVMs' directories. */
    public void stopAll() {
        registry.stopAll();
        temporary.forEach(this::removeTemporary);
    }

    private void removeTemporary(Path tmp, Process p) {
        try {
            // ended by now; the JDK's reaper may not have collected it yet
            if (p.waitFor(2, TimeUnit.SECONDS)) {
                FileTrees.delete(tmp);
                temporary.remove(tmp);
            }
        } catch (UncheckedIOException e) {
            // left in the results directory, beside the child's log
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
