package io.loadlab.lab.child;

import io.loadlab.core.Json;
import io.loadlab.core.LineTail;
import io.loadlab.core.Printable;
import io.loadlab.core.unit.Duration;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * A process the lab started: its role ({@code server}, {@code loadgen}, {@code backend}, ...), the CPUs it is pinned
 * to (null: not pinned), its log (standard error) and its standard output, which for a loadlab child holds its
 * {@link ChildEvent}s. Events are read as they are appended; a line not yet complete waits for the next poll.
 *
 * <p>Used by one thread at a time.
 */
public final class ChildProcess {
    /**
     * How long {@link #await} first waits between reads of the events, doubling while none come up to
     * {@link #LONGEST_PAUSE_MS}: an event is seen within a few ms of a start, and a 20 s window costs 20 reads a
     * second instead of 100 (each a wake-up and a file open, on a host whose cores belong to the trial).
     */
    static final long FIRST_PAUSE_MS = 2;

    static final long LONGEST_PAUSE_MS = 50;

    private final String role;
    private final Process process;
    private final String cpus;
    private final Path log;
    private final LineTail out;
    private final Path gcLog;
    private final Path tmp;

    /**
     * @param gcLog where its JVM logs its garbage collections, or null (not a JVM the lab configured)
     * @param tmp its JVM's {@code java.io.tmpdir}, or null (not a JVM the lab configured)
     */
    ChildProcess(String role, Process process, String cpus, Path log, Path out, Path gcLog, Path tmp) {
        this.role = role;
        this.process = process;
        this.cpus = cpus;
        this.log = log;
        this.out = new LineTail(out);
        this.gcLog = gcLog;
        this.tmp = tmp;
    }

    public String role() {
        return role;
    }

    public Process process() {
        return process;
    }

    public long pid() {
        return process.pid();
    }

    public boolean alive() {
        return process.isAlive();
    }

    public String cpus() {
        return cpus;
    }

    public Path log() {
        return log;
    }

    /** Its standard output: the events file of a loadlab child. */
    public Path out() {
        return out.file();
    }

    /**
     * Where its JVM logs its garbage collections ({@link io.loadlab.lab.sample.GcLog}), or null when the lab did not
     * start a JVM.
     */
    public Path gcLog() {
        return gcLog;
    }

    /** Its JVM's temporary directory, removed once it has been stopped; null when the lab did not configure its JVM. */
    public Path tmp() {
        return tmp;
    }

    /**
     * Waits for the first event of {@code type}, handing every other event to {@code others} on the way; null when the
     * process ends first or {@code limit} passes (the caller says why, with {@link #logTail()}).
     */
    public <T extends ChildEvent> T await(Class<T> type, Duration limit, Consumer<ChildEvent> others)
            throws InterruptedException {
        long deadline = System.nanoTime() + limit.nanos();
        long pause = FIRST_PAUSE_MS;
        while (true) {
            boolean ended = !process.isAlive();
            List<ChildEvent> events = poll();
            for (ChildEvent e : events) {
                if (type.isInstance(e)) {
                    return type.cast(e);
                }
                others.accept(e);
            }
            if (ended || System.nanoTime() - deadline > 0) {
                return null;
            }
            pause = events.isEmpty() ? Math.min(2 * pause, LONGEST_PAUSE_MS) : FIRST_PAUSE_MS;
            process.waitFor(pause, TimeUnit.MILLISECONDS); // returns at once when the process ends
        }
    }

    /** The events appended since the last poll; lines that are not events (a foreign program's) are skipped. */
    public List<ChildEvent> poll() {
        List<ChildEvent> events = new ArrayList<>();
        for (String line : newLines()) {
            try {
                events.add(Json.mapper().readValue(line, ChildEvent.class));
            } catch (IOException notAnEvent) {
                // a line of a program that is not a loadlab child, or half a line: not an event
            }
        }
        return events;
    }

    /** Complete lines appended to standard output since the last call (a user's command prints its own). */
    public List<String> newLines() {
        return out.newLines();
    }

    /** Tells a loadlab child {@code c}; false when it has gone (it read nothing, so nothing is lost). */
    public boolean send(ChildCommand c) {
        try {
            var in = process.getOutputStream();
            in.write((Json.write(c) + "\n").getBytes(StandardCharsets.UTF_8));
            in.flush();
            return true;
        } catch (IOException gone) {
            return false;
        }
    }

    /** The last lines of its log, joined and escaped ({@link Printable}), for a one-line error message. */
    public String logTail() {
        try {
            List<String> lines = Files.readAllLines(log).stream()
                    .filter(l -> !l.startsWith("# ") && !l.isBlank())
                    .toList();
            return lines.isEmpty()
                    ? "(no output; log: " + log + ")"
                    : Printable.oneLine(String.join(" | ", lines.subList(Math.max(0, lines.size() - 3), lines.size())));
        } catch (IOException e) {
            return "(no log: " + log + ")";
        }
    }
}
