package io.loadlab.frameworks.mvcasync;

import io.loadlab.frameworks.common.AppEnv;
import io.loadlab.postgres.RunningPostgres;
import io.loadlab.testkit.contract.ContractTarget;
import io.loadlab.testkit.contract.ContractTests;
import io.loadlab.testkit.contract.FakeBackend;
import io.loadlab.testkit.contract.RestartRows;
import io.loadlab.testkit.contract.SharedPostgres;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.Timeout;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Every row of the HTTP contract against the spring-mvc-async application started in this JVM: in async mode (its
 * default) with the restarts, and in sync mode on 16 Jetty threads.
 */
@Timeout(180)
class MvcAsyncContractTest {
    private static FakeBackend backend;
    private static RunningPostgres pg;

    @BeforeAll
    static void dependencies() throws Exception {
        pg = SharedPostgres.get();
        backend = new FakeBackend(20);
    }

    @AfterAll
    static void stop() {
        if (backend != null) {
            backend.close();
        }
    }

    @TestFactory
    Stream<DynamicContainer> answersTheContract() {
        return Stream.of(ContractTests.container(Settings.MODEL, MvcAsyncContractTest::launch, backend, pg));
    }

    @TestFactory
    Stream<DynamicTest> answersALostDatabase() {
        return Stream.of(RestartRows.databaseLoss(MvcAsyncContractTest::launch))
                .map(r -> DynamicTest.dynamicTest(r.name(), () -> r.check().run(null)));
    }

    /** The study's other mode: the Jetty thread blocks on the worker's {@code Future}; the same answers. */
    @TestFactory
    Stream<DynamicTest> answersTheContractInSyncMode() {
        ContractTarget sync = launch(backend, pg, Map.of("LOADLAB_MODE", "sync", "LOADLAB_MAX_THREADS", "16"));
        return ContractTests.rows(sync).onClose(() -> {
            try {
                sync.close();
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
    }

    static ContractTarget launch(FakeBackend backend, RunningPostgres db) {
        return launch(backend, db, Map.of());
    }

    static ContractTarget launch(FakeBackend backend, RunningPostgres db, Map<String, String> knobs) {
        Map<String, String> env = new HashMap<>(knobs);
        env.put("LOADLAB_PORT", "0");
        if (backend != null) {
            env.put("LOADLAB_BACKEND_URL", backend.url().toString());
        }
        if (db != null) {
            env.put("LOADLAB_DB_URL", db.jdbcUrl() + "?user=" + db.user() + "&password=" + db.password());
        }
        ConfigurableApplicationContext ctx = MvcApplication.start(new AppEnv(env));
        int port = ((WebServerApplicationContext) ctx).getWebServer().getPort();
        return ContractTarget.inProcess(Settings.MODEL, port, backend, db, ctx::close);
    }
}
