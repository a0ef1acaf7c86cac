package io.loadlab.servers.domain;

import io.loadlab.postgres.RunningPostgres;
import io.loadlab.testkit.contract.SharedPostgres;
import java.io.IOException;
import java.net.ServerSocket;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The embedded PostgreSQL shared by the tests of this JVM, and distinct zip
 * codes so that tests sharing the table do not see each other's rows.
 */
final class TestDatabase {
    private static final AtomicInteger NEXT_ZIP = new AtomicInteger();

    private TestDatabase() {}

    static RunningPostgres shared() {
        return SharedPostgres.get();
    }

    static RunningPostgres start() {
        return SharedPostgres.startOwn();
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
