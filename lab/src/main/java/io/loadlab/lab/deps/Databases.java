package io.loadlab.lab.deps;

import io.loadlab.core.UserError;
import io.loadlab.lab.child.ChildLauncher;
import io.loadlab.lab.proc.ProcessRegistry;
import io.loadlab.postgres.EmbeddedPostgres;
import io.loadlab.postgres.PostgresSpec;
import io.loadlab.postgres.RunningPostgres;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/** The suite's PostgreSQL: an existing one ({@code --db-url}) or the embedded one, started once per suite. */
public final class Databases {
    private Databases() {}

    /** An open database; {@code pid} is the postmaster's when the lab started it, else -1. */
    public interface Handle extends AutoCloseable {
        Database database();

        long pid();

        @Override
        void close();
    }

    /**
     * @param ssl start the embedded PostgreSQL with {@code ssl=on} and a certificate made now (self-signed)
     * @param environment variables for the embedded PostgreSQL: the lab's children's ({@link ChildLauncher#environment})
     */
    public static Handle open(
            String dbUrl, boolean ssl, ProcessRegistry registry, Path dir, Map<String, String> environment) {
        if (dbUrl != null) {
            Database d = Database.fromUrl(dbUrl);
            d.settings(); // fails now, with one line, when it cannot be reached
            return new Handle() {
                public Database database() {
                    return d;
                }

                public long pid() {
                    return -1;
                }

                public void close() {}
            };
        }
        RunningPostgres pg;
        try {
            Files.createDirectories(dir);
            pg = EmbeddedPostgres.start(PostgresSpec.defaults()
                    .withSsl(ssl)
                    .withLogFile(dir.resolve("postgres.log"))
                    .withEnvironment(environment));
        } catch (IOException e) {
            throw new UserError("cannot start the embedded PostgreSQL: " + e.getMessage()
                    + "; pass --db-url to use an existing one");
        }
        registry.register(ProcessHandle.of(pg.pid()).orElseThrow());
        Database d = new Database(pg.jdbcUrl(), pg.user(), pg.password(), pg.uri());
        return new Handle() {
            public Database database() {
                return d;
            }

            public long pid() {
                return pg.pid();
            }

            public void close() {
                pg.close();
            }
        };
    }
}
