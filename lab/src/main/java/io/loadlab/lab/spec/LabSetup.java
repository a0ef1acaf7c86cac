package io.loadlab.lab.spec;

import io.loadlab.lab.LabDefaults;
import io.loadlab.lab.profile.ProfileMode;
import java.nio.file.Path;
import java.util.List;

/**
 * Where and how a suite runs, whatever it runs: the CPUs of each role, the results directory, the database, a user's
 * own backend, extra JVM flags for every child. Built with {@link #defaults()} and the {@code with…}
 * methods.
 *
 * @param cpus the CPU split; null for the host's default split
 * @param resultsRoot the directory under which {@code <suite>-<time>/} is created
 * @param dbUrl an existing PostgreSQL ({@code postgresql://...} or JDBC URL); null starts the embedded one
 * @param backendCommand a command that starts the downstream service instead of the reference backend (it must print
 *     a JSON line holding its {@code port}); null for the reference backend
 * @param jvmFlags extra JVM flags of every child JVM the lab starts, after loadlab's own
 * @param profile what the lab samples in each server's JVM during the window
 */
public record LabSetup(
        CpuSplit cpus,
        Path resultsRoot,
        String dbUrl,
        String backendCommand,
        List<String> jvmFlags,
        ProfileMode profile) {

    public LabSetup {
        jvmFlags = jvmFlags == null ? List.of() : List.copyOf(jvmFlags);
        profile = profile == null ? LabDefaults.PROFILE : profile;
    }

    /** The host's default CPU split, {@code results/}, the embedded PostgreSQL. */
    public static LabSetup defaults() {
        return new LabSetup(null, Path.of(LabDefaults.RESULTS_DIR), null, null, List.of(), LabDefaults.PROFILE);
    }

    public LabSetup withCpus(CpuSplit v) {
        return new LabSetup(v, resultsRoot, dbUrl, backendCommand, jvmFlags, profile);
    }

    public LabSetup withResultsRoot(Path v) {
        return new LabSetup(cpus, v, dbUrl, backendCommand, jvmFlags, profile);
    }

    public LabSetup withDbUrl(String v) {
        return new LabSetup(cpus, resultsRoot, v, backendCommand, jvmFlags, profile);
    }

    public LabSetup withBackendCommand(String v) {
        return new LabSetup(cpus, resultsRoot, dbUrl, v, jvmFlags, profile);
    }

    public LabSetup withProfile(ProfileMode v) {
        return new LabSetup(cpus, resultsRoot, dbUrl, backendCommand, jvmFlags, v);
    }

    public LabSetup withJvmFlags(List<String> v) {
        return new LabSetup(cpus, resultsRoot, dbUrl, backendCommand, v, profile);
    }
}
