package io.loadlab.lab.store;

import io.loadlab.core.proc.ProcFs;
import io.loadlab.core.result.Environment;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** Reads the host for {@code environment.json}: CPU, kernel, JDK, limits and the git commit of the checkout. */
public final class EnvironmentProbe {
    private EnvironmentProbe() {}

    /** The host as the suite ran on it; {@code connectionCeiling} is the one the lab planned with (HostLimits). */
    public static Environment probe(Map<String, String> cpuSplit, List<String> childJvmFlags, int connectionCeiling) {
        Map<String, Object> limits = new LinkedHashMap<>();
        limits.put("open_files_soft", run("sh", "-c", "ulimit -Sn"));
        limits.put("open_files_hard", run("sh", "-c", "ulimit -Hn"));
        limits.put("somaxconn", ProcFs.readValue("/proc/sys/net/core/somaxconn"));
        limits.put("tcp_max_syn_backlog", ProcFs.readValue("/proc/sys/net/ipv4/tcp_max_syn_backlog"));
        limits.put("ip_local_port_range", ProcFs.readValue("/proc/sys/net/ipv4/ip_local_port_range"));
        limits.put("connection_ceiling", connectionCeiling);
        String hostname;
        try {
            hostname = InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            hostname = "unknown";
        }
        return new Environment(
                hostname,
                cpuModel(),
                (int) cpuCount(),
                Runtime.getRuntime().availableProcessors(),
                memoryBytes(),
                ProcFs.readValue("/proc/sys/kernel/osrelease"),
                System.getProperty("os.name") + " " + System.getProperty("os.arch"),
                System.getProperty("java.version"),
                System.getProperty("java.vendor"),
                childJvmFlags.isEmpty() ? ManagementFactory.getRuntimeMXBean().getInputArguments() : childJvmFlags,
                EnvironmentProbe.class.getPackage().getImplementationVersion(),
                run("git", "rev-parse", "HEAD"),
                limits,
                cpuSplit,
                Instant.now().toString());
    }

    private static String cpuModel() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
                if (line.startsWith("model name")) {
                    return line.substring(line.indexOf(':') + 1).trim();
                }
            }
        } catch (IOException e) {
            // not Linux
        }
        return System.getProperty("os.arch");
    }

    private static long cpuCount() {
        try {
            return Files.readAllLines(Path.of("/proc/cpuinfo")).stream()
                    .filter(l -> l.startsWith("processor"))
                    .count();
        } catch (IOException e) {
            return Runtime.getRuntime().availableProcessors();
        }
    }

    private static long memoryBytes() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/meminfo"))) {
                if (line.startsWith("MemTotal:")) {
                    return Long.parseLong(line.replaceAll("\\D", "")) * 1024;
                }
            }
        } catch (IOException | NumberFormatException e) {
            // unknown
        }
        return 0;
    }

    /** The first line of a command's output, or null when it fails. */
    static String run(String... cmd) {
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(false).start();
            String out = new String(p.getInputStream().readAllBytes()).trim();
            if (!p.waitFor(5, TimeUnit.SECONDS) || p.exitValue() != 0 || out.isEmpty()) {
                p.destroyForcibly();
                return null;
            }
            int nl = out.indexOf('\n');
            return nl < 0 ? out : out.substring(0, nl);
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }
}
