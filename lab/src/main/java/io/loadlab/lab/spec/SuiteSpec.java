package io.loadlab.lab.spec;

import io.loadlab.core.unit.Duration;
import java.nio.file.Path;
import java.util.List;

/**
 * Everything a suite run needs, and the lab's only input: the CLI builds it from a suite file or from ad-hoc flags,
 * the lab never reads arguments or system properties.
 *
 * @param resultsRoot the directory under which {@code <suite>-<time>/} is created
 * @param dbUrl an existing PostgreSQL ({@code postgresql://...} or JDBC URL); null starts the embedded one
 * @param server a user's own server, or null to run the reference models
 * @param backendCommand a command that starts the downstream service instead of {@code loadlab backend} (it must
 *     print the same JSON line); null for the reference backend
 * @param jvmFlags extra JVM flags of every child JVM the lab starts
 */
public record SuiteSpec(
        String name,
        String description,
        Duration warmup,
        Duration duration,
        int repetitions,
        CpuSplit cpus,
        Thresholds thresholds,
        Duration backendDelay,
        List<ExperimentSpec> experiments,
        Path resultsRoot,
        String dbUrl,
        ExternalServer server,
        String backendCommand,
        List<String> jvmFlags) {

    public SuiteSpec {
        if (name == null || !name.matches("[A-Za-z0-9._-]+")) {
            throw new IllegalArgumentException("a suite name may hold letters, digits, '.', '_' and '-': " + name);
        }
        if (repetitions < 1) {
            throw new IllegalArgumentException("repetitions must be at least 1, got " + repetitions);
        }
        if (duration == null || duration.nanos() < 1_000_000_000L) {
            throw new IllegalArgumentException("duration must be at least 1s, got " + duration);
        }
        experiments = List.copyOf(experiments);
        jvmFlags = jvmFlags == null ? List.of() : List.copyOf(jvmFlags);
        if (experiments.isEmpty()) {
            throw new IllegalArgumentException("suite '" + name + "' has no experiments");
        }
    }

    public int trialCount() {
        return experiments.stream().mapToInt(e -> e.trials(repetitions)).sum();
    }

    public boolean needsBackend() {
        return experiments.stream().anyMatch(e -> e.scenario().kind().needsBackend());
    }

    public boolean needsDatabase() {
        return experiments.stream().anyMatch(e -> e.scenario().kind().needsDatabase());
    }

    public SuiteSpec withCpus(CpuSplit c) {
        return new SuiteSpec(
                name,
                description,
                warmup,
                duration,
                repetitions,
                c,
                thresholds,
                backendDelay,
                experiments,
                resultsRoot,
                dbUrl,
                server,
                backendCommand,
                jvmFlags);
    }

    public SuiteSpec withResultsRoot(Path p) {
        return new SuiteSpec(
                name,
                description,
                warmup,
                duration,
                repetitions,
                cpus,
                thresholds,
                backendDelay,
                experiments,
                p,
                dbUrl,
                server,
                backendCommand,
                jvmFlags);
    }

    public SuiteSpec withDbUrl(String url) {
        return new SuiteSpec(
                name,
                description,
                warmup,
                duration,
                repetitions,
                cpus,
                thresholds,
                backendDelay,
                experiments,
                resultsRoot,
                url,
                server,
                backendCommand,
                jvmFlags);
    }

    public SuiteSpec withBackendCommand(String cmd) {
        return new SuiteSpec(
                name,
                description,
                warmup,
                duration,
                repetitions,
                cpus,
                thresholds,
                backendDelay,
                experiments,
                resultsRoot,
                dbUrl,
                server,
                cmd,
                jvmFlags);
    }

    public SuiteSpec withTiming(Duration w, Duration d, int reps) {
        return new SuiteSpec(
                name,
                description,
                w,
                d,
                reps,
                cpus,
                thresholds,
                backendDelay,
                experiments,
                resultsRoot,
                dbUrl,
                server,
                backendCommand,
                jvmFlags);
    }

    public SuiteSpec withBackendDelay(Duration d) {
        return new SuiteSpec(
                name,
                description,
                warmup,
                duration,
                repetitions,
                cpus,
                thresholds,
                d,
                experiments,
                resultsRoot,
                dbUrl,
                server,
                backendCommand,
                jvmFlags);
    }

    public SuiteSpec withJvmFlags(List<String> flags) {
        return new SuiteSpec(
                name,
                description,
                warmup,
                duration,
                repetitions,
                cpus,
                thresholds,
                backendDelay,
                experiments,
                resultsRoot,
                dbUrl,
                server,
                backendCommand,
                flags);
    }
}
