package io.loadlab.lab.proc;

import java.nio.file.Path;
import java.util.Map;

/**
 * A process the lab started: its role ({@code server}, {@code loadgen}, {@code backend}, ...), the CPUs it is pinned
 * to (null = not pinned), its log, and the settings it printed as its one JSON line (empty when it prints none).
 */
public record Child(String role, Process process, String cpus, Path log, Map<String, Object> announced) {
    public long pid() {
        return process.pid();
    }

    public boolean alive() {
        return process.isAlive();
    }

    /** The {@code port} of the announced JSON line, or -1. */
    public int port() {
        Object p = announced.get("port");
        return p instanceof Number n ? n.intValue() : -1;
    }
}
