package io.loadlab.core.result;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Optional;

/**
 * The lab process writing a results directory, named in its {@code lab.pid} ({@code PID START_INSTANT}) so that a
 * reader can tell a suite still running from one whose lab died without a final word (SIGKILL, the kernel's
 * out-of-memory killer, a crash, the host going down): its {@code results.json} says {@code running} for good. The
 * start instant, not the PID alone, names the process: a PID freed and taken by another process since does not
 * count as the lab.
 */
public record LabProcess(long pid, Instant started) {
    public static final String FILE = "lab.pid";

    /** This JVM, or null where the system does not say when it started. */
    public static LabProcess current() {
        ProcessHandle self = ProcessHandle.current();
        return self.info()
                .startInstant()
                .map(s -> new LabProcess(self.pid(), s))
                .orElse(null);
    }

    /** Writes {@link #FILE} in {@code dir}. */
    public void write(Path dir) throws IOException {
        Files.writeString(dir.resolve(FILE), pid + " " + started + "\n", StandardCharsets.UTF_8);
    }

    /** The lab named in {@code dir}, or empty when it names none (results from before the file, or unreadable). */
    public static Optional<LabProcess> of(Path dir) {
        try {
            String[] f = Files.readString(dir.resolve(FILE), StandardCharsets.UTF_8)
                    .strip()
                    .split(" ");
            return Optional.of(new LabProcess(Long.parseLong(f[0]), Instant.parse(f[1])));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** True while this process runs: a live process of this PID that started at this instant. */
    public boolean alive() {
        return ProcessHandle.of(pid)
                .filter(ProcessHandle::isAlive)
                .flatMap(h -> h.info().startInstant())
                .map(started::equals)
                .orElse(false);
    }

    /**
     * {@code results} as a reader should take them: a suite whose status still says {@code running} while the lab
     * named in {@code dir} is gone was {@link SuiteResults#ABANDONED}. Unchanged otherwise, and where no lab is named.
     */
    public static SuiteResults resolve(SuiteResults results, Path dir) {
        if (!SuiteResults.RUNNING.equals(results.status())) {
            return results;
        }
        return of(dir).filter(lab -> !lab.alive())
                .map(lab -> results.withStatus(SuiteResults.ABANDONED))
                .orElse(results);
    }
}
