package io.loadlab.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
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
    void concurrentInstallsAgreeOnOneDirectory(@TempDir Path cache) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            // install() is synchronized within a JVM; two class loaders would race like two processes, so race
            // the final rename directly: both copies are complete, one wins, the other is removed.
            List<Future<Path>> all = new ArrayList<>();
            Callable<Path> task = () -> PostgresBinaries.install(cache);
            all.add(pool.submit(task));
            all.add(pool.submit(task));
            assertThat(all.get(0).get()).isEqualTo(all.get(1).get());
        } finally {
            pool.shutdownNow();
        }
        try (var s = Files.list(cache)) {
            assertThat(s.map(p -> p.getFileName().toString()).toList())
                    .singleElement()
                    .satisfies(
                            n -> assertThat(n).startsWith("loadlab-postgres-").doesNotContain(".tmp"));
        }
    }
}
