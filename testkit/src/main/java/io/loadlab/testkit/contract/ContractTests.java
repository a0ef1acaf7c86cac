package io.loadlab.testkit.contract;

import static org.junit.jupiter.api.DynamicContainer.dynamicContainer;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import io.loadlab.postgres.RunningPostgres;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicTest;

/**
 * The contract rows as JUnit 5 dynamic tests, for a {@code @TestFactory}: a framework's test starts its application
 * with {@link SharedPostgres} and a {@link FakeBackend} and returns {@link #rows(ContractTarget)} and {@link
 * #restarts(ContractLauncher)}.
 */
public final class ContractTests {
    private ContractTests() {}

    /**
     * The {@code LOADLAB_*} environment of a framework application (frameworks/README.md) on a free port with these
     * dependencies (either may be null), plus {@code more}.
     */
    public static Map<String, String> environment(FakeBackend backend, RunningPostgres db, Map<String, String> more) {
        Map<String, String> env = new HashMap<>(more);
        env.put("LOADLAB_PORT", "0");
        if (backend != null) {
            env.put("LOADLAB_BACKEND_URL", backend.url().toString());
        }
        if (db != null) {
            env.put("LOADLAB_DB_URL", db.uri());
        }
        return env;
    }

    /** Every row of {@link ContractRows} against the started {@code target}. */
    public static Stream<DynamicTest> rows(ContractTarget target) {
        return ContractRows.ALL.stream()
                .map(r -> dynamicTest(r.name(), () -> r.check().run(target)));
    }

    /** Every row of {@link RestartRows}, the database loss included, each against a server of its own. */
    public static Stream<DynamicTest> restarts(ContractLauncher launcher) {
        return Stream.concat(RestartRows.of(launcher).stream(), Stream.of(RestartRows.databaseLoss(launcher)))
                .map(r -> dynamicTest(r.name(), () -> r.check().run(null)));
    }

    /**
     * Every row of {@link ContractRows} and {@link RestartRows#of} for the server {@code launcher} starts: with
     * {@code backend} and {@code db} on the first row that needs it, stopped when the container is done (JUnit closes
     * the stream).
     */
    public static DynamicContainer container(
            String name, ContractLauncher launcher, FakeBackend backend, RunningPostgres db) {
        Started started = new Started(launcher, backend, db);
        Stream<DynamicTest> shared = ContractRows.ALL.stream()
                .map(r -> dynamicTest(r.name(), () -> r.check().run(started.get())));
        List<ContractRow> restarting = RestartRows.of(launcher);
        Stream<DynamicTest> own = restarting.stream()
                .map(r -> dynamicTest(r.name(), () -> r.check().run(null)));
        return dynamicContainer(name, Stream.concat(shared, own).onClose(started::close));
    }

    /** The server of a container, started on first use. */
    private static final class Started {
        private final ContractLauncher launcher;
        private final FakeBackend backend;
        private final RunningPostgres db;
        private ContractTarget target;

        Started(ContractLauncher launcher, FakeBackend backend, RunningPostgres db) {
            this.launcher = launcher;
            this.backend = backend;
            this.db = db;
        }

        synchronized ContractTarget get() throws Exception {
            if (target == null) {
                target = launcher.start(backend, db);
            }
            return target;
        }

        synchronized void close() {
            if (target != null) {
                try {
                    target.close();
                } catch (Exception e) {
                    throw new IllegalStateException("stopping " + target.model(), e);
                }
                target = null;
            }
        }
    }
}
