package io.loadlab.cli;

import io.loadlab.core.Json;
import io.loadlab.core.host.ConnectionCeiling;
import io.loadlab.core.host.Finding;
import io.loadlab.core.host.HostFacts;
import io.loadlab.core.model.ConcurrencyModel;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code loadlab doctor}: the host limits every high-concurrency benchmark runs into first, and their fixes. */
@Command(
        name = "doctor",
        mixinStandardHelpOptions = true,
        description = {
            "Check this host's limits (open files, ports, backlogs, threads, CPUs, memory, JDK, taskset), compute how"
                    + " many concurrent connections one load generator can hold to one target, name the binding"
                    + " limit and print the exact lines that raise it.",
            "Exit status: 0 when every value could be read, 1 otherwise."
        })
final class DoctorCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--json", description = "Print the findings as JSON instead of text.")
    boolean json;

    @Override
    public Integer call() {
        HostFacts facts = HostFacts.read();
        ConnectionCeiling ceiling = ConnectionCeiling.of(facts);
        List<Finding> findings = new ArrayList<>(ceiling.findings());
        findings.add(jdk());
        findings.add(taskset());
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            Map<String, Object> doc = new LinkedHashMap<>();
            doc.put("facts", facts);
            doc.put("connection_ceiling", ceiling.ceiling());
            doc.put("per_process", ceiling.perProcess());
            doc.put("per_source_address", ceiling.perSourceAddress());
            doc.put("binding_limit", ceiling.bindingLimit());
            doc.put("thread_ceiling", ceiling.threadCeiling());
            doc.put("thread_binding_limit", ceiling.threadBindingLimit());
            doc.put("findings", findings);
            out.println(Json.writePretty(doc));
        } else {
            printText(out, facts, ceiling, findings);
        }
        out.flush();
        boolean complete =
                facts.unreadable().isEmpty() && findings.stream().noneMatch(f -> f.status() == Finding.Status.UNKNOWN);
        return complete ? Main.EXIT_OK : Main.EXIT_FAILED;
    }

    private static void printText(PrintWriter out, HostFacts facts, ConnectionCeiling c, List<Finding> findings) {
        out.println("loadlab doctor: what limits the connections this host can hold");
        out.println();
        // columns as wide as their longest cell: a JDK's path is longer than any limit's value
        int name = "CHECK".length();
        int value = "VALUE".length();
        for (Finding f : findings) {
            name = Math.max(name, f.name().length());
            value = Math.max(value, f.value().length());
        }
        String row = "  %-" + name + "s  %-" + value + "s  %s%n";
        out.printf(row, "CHECK", "VALUE", "STATUS");
        for (Finding f : findings) {
            out.printf(row, f.name(), f.value(), f.status());
        }
        out.println();
        out.println("Connection ceiling");
        out.printf(
                "  one process can hold            %,d connections (open files %s hard, less %d for the JVM)%n",
                c.perProcess(),
                facts.openFilesHard() == Long.MAX_VALUE ? "unlimited" : String.valueOf(facts.openFilesHard()),
                ConnectionCeiling.FD_RESERVE);
        out.printf(
                "  one source address, one target  %,d connections (ephemeral ports %d-%d)%n",
                c.perSourceAddress(), facts.portLow(), facts.portHigh());
        out.printf(
                "  => one load generator can hold %,d concurrent connections to one target; the binding limit is"
                        + " %s.%n",
                c.ceiling(), c.bindingLimit());
        if (c.ceiling() >= ConnectionCeiling.TARGET_CONNECTIONS) {
            out.printf("     %,d connections (loadlab's full suite) fit.%n", ConnectionCeiling.TARGET_CONNECTIONS);
        } else {
            out.printf(
                    "     %,d connections (loadlab's full suite) do NOT fit: the full suite will skip load levels"
                            + " above %,d.%n",
                    ConnectionCeiling.TARGET_CONNECTIONS, c.ceiling());
        }
        out.printf(
                "  threads: at most %,d at once (bound by %s): %s cannot hold more connections than that.%n",
                c.threadCeiling(), c.threadBindingLimit(), ConcurrencyModel.THREAD_PER_CONNECTION.id());
        out.println();
        List<Finding> act = new ArrayList<>(c.actionable());
        if (act.isEmpty()) {
            out.println("Nothing to raise.");
        } else {
            out.println("To raise it (binding limit first; sysctl lines need root, persist them in"
                    + " /etc/sysctl.d/90-loadlab.conf):");
            for (Finding f : act) {
                out.println("  " + f.name() + " — " + f.explanation());
                for (String line : f.fix()) {
                    out.println("      " + line);
                }
            }
        }
        if (!facts.unreadable().isEmpty()) {
            out.println();
            out.println("Could not read: " + String.join(", ", facts.unreadable()));
        }
    }

    private static Finding jdk() {
        Runtime.Version v = Runtime.version();
        String value = v + " (" + System.getProperty("java.vendor") + ") " + System.getProperty("java.home");
        boolean ok = v.feature() >= 21;
        return new Finding(
                "JDK",
                value,
                ok ? Finding.Status.OK : Finding.Status.LIMIT,
                "loadlab runs on Java 21 or newer (virtual threads)",
                ok ? List.of() : List.of("install a JDK 21+ and set JAVA_HOME to it"));
    }

    private static Finding taskset() {
        String found = null;
        String path = System.getenv("PATH");
        for (String dir : (path == null ? "/usr/bin:/bin" : path).split(":")) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, "taskset"))) {
                found = Path.of(dir, "taskset").toString();
                break;
            }
        }
        return new Finding(
                "taskset (CPU pinning)",
                found == null ? "not found" : found,
                found == null ? Finding.Status.WARN : Finding.Status.OK,
                "the lab pins the server and the load generator to separate CPUs with taskset",
                found == null ? List.of("apt-get install util-linux") : List.of());
    }
}
