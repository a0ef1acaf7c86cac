package io.loadlab.testkit.contract;

import io.loadlab.postgres.EmbeddedPostgres;
import io.loadlab.postgres.PostgresSpec;
import io.loadlab.postgres.RunningPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;

/** One embedded PostgreSQL for the tests of this JVM, started on first use and stopped at JVM exit. */
public final class SharedPostgres {
    private static RunningPostgres shared;

    private SharedPostgres() {}

    public static synchronized RunningPostgres get() {
        if (shared == null) {
            shared = startOwn();
            RunningPostgres pg = shared;
            Runtime.getRuntime().addShutdownHook(new Thread(pg::close, "stop-postgres"));
        }
        return shared;
    }

    /** A PostgreSQL of the caller's own (which closes it), set up as the shared one: no fsync, for tests. */
    public static RunningPostgres startOwn() {
        try {
            return EmbeddedPostgres.start(PostgresSpec.defaults().withSetting("fsync", "off"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
