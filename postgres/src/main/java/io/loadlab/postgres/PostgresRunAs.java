package io.loadlab.postgres;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.GroupPrincipal;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import java.nio.file.attribute.UserPrincipalLookupService;
import java.util.List;
import java.util.stream.Stream;

/**
 * The operating-system user PostgreSQL runs as. PostgreSQL refuses to run as root, so when this process is root the
 * server runs as {@code nobody:nogroup} through {@code setpriv}, which execs (unlike su or runuser, which fork), so
 * the PID of the started process is the postmaster's own. Otherwise it runs as the current user.
 */
record PostgresRunAs(String user, String group, List<String> prefix) {
    static final Path SETPRIV = Path.of("/usr/bin/setpriv");

    static PostgresRunAs detect() throws IOException {
        if (effectiveUid() != 0) {
            return new PostgresRunAs(System.getProperty("user.name"), null, List.of());
        }
        if (!Files.isExecutable(SETPRIV)) {
            throw new IOException("running as root, PostgreSQL must run as an unprivileged user, but " + SETPRIV
                    + " is missing; install util-linux or run loadlab as a non-root user");
        }
        return new PostgresRunAs(
                "nobody",
                "nogroup",
                List.of(SETPRIV.toString(), "--reuid=nobody", "--regid=nogroup", "--clear-groups", "--"));
    }

    boolean switchesUser() {
        return !prefix.isEmpty();
    }

    /** Makes {@code path} owned by the PostgreSQL user, when that user differs from this process's. */
    void own(Path path) throws IOException {
        if (!switchesUser()) {
            return;
        }
        UserPrincipalLookupService lookup = path.getFileSystem().getUserPrincipalLookupService();
        UserPrincipal u = lookup.lookupPrincipalByName(user);
        GroupPrincipal g = lookup.lookupPrincipalByGroupName(group);
        PosixFileAttributeView view = Files.getFileAttributeView(path, PosixFileAttributeView.class);
        view.setOwner(u);
        view.setGroup(g);
    }

    /**
     * Fails with a message saying how to fix it when the PostgreSQL user could not enter {@code dir} (every ancestor
     * must be searchable by others, as {@code /tmp} is and root's 0700 home is not).
     */
    void checkReachable(Path dir) throws IOException {
        if (!switchesUser()) {
            return;
        }
        for (Path p = dir.toAbsolutePath(); p != null; p = p.getParent()) {
            if (Files.isDirectory(p)
                    && !Files.getPosixFilePermissions(p).contains(PosixFilePermission.OTHERS_EXECUTE)) {
                throw new IOException("PostgreSQL runs as " + user + ", who cannot enter " + p + " (mode "
                        + PosixFilePermissions.toString(Files.getPosixFilePermissions(p))
                        + "); choose a work directory under /tmp or chmod o+x " + p);
            }
        }
    }

    /** The command line that runs {@code command} as the PostgreSQL user. */
    List<String> command(List<String> command) {
        return prefix.isEmpty()
                ? command
                : Stream.concat(prefix.stream(), command.stream()).toList();
    }

    private static long effectiveUid() throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
            if (line.startsWith("Uid:")) {
                return Long.parseLong(line.substring(4).trim().split("\\s+")[1]);
            }
        }
        throw new IOException("no Uid line in /proc/self/status");
    }
}
