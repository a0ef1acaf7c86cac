package io.loadlab.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.loadlab.core.proc.StopSignal;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Ctrl-C of the process that started PostgreSQL stops it: no postmaster and no directory left behind. What is checked
 * is the outcome, not its speed: the owner gets {@link #EXIT_BOUND_S} to exit, far above the stop's own bound (5 s to
 * signal, 10 s before SIGKILL, 5 s after it) plus the directory's deletion, which a host busy on every core stretches
 * (beside {@code stress-ng --cpu 2} the owner took over 30 s).
 */
class OwnerInterruptedTest {
    private static final long EXIT_BOUND_S = 120;

    /** The owner: starts PostgreSQL, prints its PID and data directory, then waits to be interrupted. */
    public static void main(String[] args) throws Exception {
        RunningPostgres pg = EmbeddedPostgres.start(PostgresSpec.defaults());
        try (var c = java.sql.DriverManager.getConnection(pg.jdbcUrl(), pg.user(), pg.password());
                var s = c.createStatement();
                var rs = s.executeQuery("SELECT current_setting('data_directory')")) {
            rs.next();
            System.out.println(pg.pid() + " " + rs.getString(1));
        }
        System.out.flush();
        Thread.sleep(120_000);
    }

    @Test
    void sigintOfTheOwnerStopsPostgresAndDeletesItsDirectory() throws Exception {
        assumeTrue(StopSignal.ctrlCLost() == null, StopSignal.ctrlCLost());
        String java = ProcessHandle.current().info().command().orElse("java");
        Process owner = new ProcessBuilder(
                        java, "-cp", System.getProperty("java.class.path"), OwnerInterruptedTest.class.getName())
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        long postmaster = -1;
        try {
            String line;
            try (BufferedReader r =
                    new BufferedReader(new InputStreamReader(owner.getInputStream(), StandardCharsets.UTF_8))) {
                line = r.readLine();
                assertThat(line).as("the owner's PID line").isNotNull();
                String[] parts = line.split(" ", 2);
                long pid = Long.parseLong(parts[0]);
                postmaster = pid;
                Path data = Path.of(parts[1]);
                assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive)).contains(true);

                long signalled = System.nanoTime();
                new ProcessBuilder("kill", "-INT", Long.toString(owner.pid()))
                        .start()
                        .waitFor();
                assertThat(owner.waitFor(EXIT_BOUND_S, TimeUnit.SECONDS))
                        .as("owner exits within %d s of SIGINT (PostgreSQL %s)", EXIT_BOUND_S, alive(pid))
                        .isTrue();
                System.out.printf("owner exited %.1f s after SIGINT%n", (System.nanoTime() - signalled) / 1e9);
                assertThat(ProcessHandle.of(pid).filter(ProcessHandle::isAlive)).isEmpty();
                assertThat(data.getParent()).doesNotExist();
            }
        } finally {
            owner.destroyForcibly();
            // a failed run must not leave the owner's PostgreSQL behind: its shutdown hook dies with the owner
            ProcessHandle.of(postmaster).filter(ProcessHandle::isAlive).ifPresent(pg -> {
                pg.destroy(); // SIGTERM: smart shutdown; the test's connection is gone with the owner
                try {
                    pg.onExit().get(10, TimeUnit.SECONDS);
                } catch (Exception stillThere) {
                    pg.destroyForcibly();
                }
            });
        }
    }

    private static String alive(long pid) {
        return ProcessHandle.of(pid).filter(ProcessHandle::isAlive).isPresent() ? "still running" : "stopped";
    }
}
