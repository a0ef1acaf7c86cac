package io.loadlab.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PostgresBinariesTest {

    @Test
    void extractsExecutablesSymlinksAndWorldReadableDirs(@TempDir Path cache) throws Exception {
        Path install = PostgresBinaries.install(cache);
        assertThat(install.resolve("bin/postgres")).isExecutable();
        assertThat(install.resolve("bin/initdb")).isExecutable();
        assertThat(Files.isSymbolicLink(install.resolve("lib/libpq.so"))).isTrue();
        assertThat(install.resolve("lib/libpq.so")).exists();
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(install)))
                .isEqualTo("rwxr-xr-x");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(install.resolve("bin"))))
                .isEqualTo("rwxr-xr-x");
        assertThat(PostgresBinaries.install(cache)).isEqualTo(install);
    }

    @Test
    void theSecondOfTwoCompleteCopiesLosesTheRenameAndTheFirstStays(@TempDir Path cache) throws Exception {
        // what two processes extracting at once end with: two complete copies racing for one name
        Path target = cache.resolve("loadlab-postgres-x");
        Path first = Files.createDirectory(cache.resolve("first.tmp"));
        Files.createFile(first.resolve(".complete"));
        Files.writeString(first.resolve("marker"), "first");
        Path second = Files.createDirectory(cache.resolve("second.tmp"));
        Files.createFile(second.resolve(".complete"));
        Files.writeString(second.resolve("marker"), "second");

        PostgresBinaries.publish(first, target);
        PostgresBinaries.publish(second, target);

        assertThat(target.resolve("marker")).hasContent("first");
        assertThat(first).doesNotExist();
        assertThat(second).exists(); // left for its owner to delete
    }

    @Test
    void aRenameOntoAnIncompleteTargetIsAnError(@TempDir Path cache) throws Exception {
        Path target =
                Files.createDirectories(cache.resolve("loadlab-postgres-x/bin")).getParent();
        Path copy = Files.createDirectory(cache.resolve("copy.tmp"));
        Files.createFile(copy.resolve(".complete"));
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> PostgresBinaries.publish(copy, target))
                .isInstanceOf(java.io.IOException.class);
    }

    @Test
    void refusesACacheOthersCanWrite(@TempDir Path cache) throws Exception {
        Path install = PostgresBinaries.install(cache);
        Files.setPosixFilePermissions(install, PosixFilePermissions.fromString("rwxrwxrwx"));
        try {
            org.assertj.core.api.Assertions.assertThatThrownBy(() -> PostgresBinaries.install(cache))
                    .isInstanceOf(java.io.IOException.class)
                    .hasMessageContaining("refusing the PostgreSQL binaries in " + install)
                    .hasMessageContaining("delete that directory and retry");
        } finally {
            Files.setPosixFilePermissions(install, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
    }
}
