package io.loadlab.servers.domain;

import io.loadlab.postgres.EmbeddedPostgres;
import io.loadlab.postgres.PostgresSpec;
import io.loadlab.postgres.RunningPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One embedded PostgreSQL shared by the domain tests of this JVM (stopped by its shutdown hook), and distinct zip
 * codes so that tests sharing the table do not see each other's rows.
 */
final class TestDatabase {
    private static RunningPostgres shared;
    private static final AtomicInteger NEXT_ZIP = new AtomicInteger();

    private TestDatabase() {}

    static synchronized RunningPostgres shared() {
        if (shared == null) {
            shared = start();
        }
        return shared;
    }

    static RunningPostgres start() {
        try {
            return EmbeddedPostgres.start(PostgresSpec.defaults().withSetting("fsync", "off"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static DbUrl url(RunningPostgres pg) {
        return DbUrl.parse(pg.uri());
    }

    /** A zip code no other test of this JVM uses (each JVM has a fresh database). */
    static String newZip() {
        return Integer.toString(10_000 + NEXT_ZIP.getAndIncrement() % 90_000);
    }

    /** A local port nothing listens on (closed right after it was bound). */
    static int deadPort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }
}
