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

        /** The postmaster's exit status once it exited, else null (always null for a database the lab did not start). */
        default Integer exitStatus() {
            return null;
        }

        /**
         * Starts the postmaster again on its data and port; an {@link IOException} when it cannot, or when the lab did
         * not start this database (it cannot start one it does not own).
         */
        default void restart() throws IOException {
            throw new IOException("PostgreSQL at " + database().uri().replaceAll(":[^:@/]*@", ":***@")
                    + " is not the lab's to start: bring it back, or leave out --db-url to use the lab's own");
        }

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

            public Integer exitStatus() {
                return pg.exitStatus();
            }

            public void restart() throws IOException {
                pg.restart();
                // ended by PID on every way out, as the first postmaster was
                ProcessHandle.of(pg.pid()).ifPresent(registry::register);
            }

            public void close() {
                pg.close();
            }
        };
    }
}
