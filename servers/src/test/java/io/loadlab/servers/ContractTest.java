package io.loadlab.servers;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.loadlab.core.UserError;
import io.loadlab.postgres.RunningPostgres;
import io.loadlab.testkit.contract.ContractHttp;
import io.loadlab.testkit.contract.ContractTarget;
import io.loadlab.testkit.contract.ContractTests;
import io.loadlab.testkit.contract.FakeBackend;
import io.loadlab.testkit.contract.RestartRows;
import io.loadlab.testkit.contract.SharedPostgres;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The HTTP contract, row by row (testkit's {@code ContractRows} and {@code RestartRows}), against every registered
 * model with a real PostgreSQL and a slow backend; and what only a reference model can be asked: how it refuses to
 * start.
 */
@Timeout(120)
class ContractTest {
    private static RunningPostgres pg;
    private static FakeBackend backend;

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

    static Stream<ServerModel> models() {
        return ServerModels.all().stream();
    }

    /** 50 threads and queue places: the contract's fifty concurrent clients all get a thread-pool worker. */
    private static RunningServer start(ServerModel model, UnaryOperator<ServerSpec.Builder> more) throws Exception {
        return model.start(
                more.apply(ServerSpec.builder(model.name()).threads(50).queue(50))
                        .build());
    }

    /** Starts {@code model} as a contract row needs it; single-thread serves one connection at a time. */
    private static ContractTarget launch(ServerModel model, FakeBackend backend, RunningPostgres db) throws Exception {
        RunningServer s = start(model, b -> {
            if (backend != null) {
                b.backendUrl(backend.url());
            }
            return db == null ? b : b.db(db.jdbcUrl(), db.user(), db.password());
        });
        return target(model, s, backend, db);
    }

    /**
     * What the rows call {@code s}. single-thread serves one connection at a time: each request gets a connection of
     * its own, closed after the answer, or an idle pooled one would hold its only thread until the client's
     * keep-alive timeout.
     */
    private static ContractTarget target(ServerModel model, RunningServer s, FakeBackend backend, RunningPostgres db) {
        ContractTarget t = ContractTarget.inProcess(model.name(), s.port(), backend, db, s::close);
        return model.name().equals("single-thread") ? t.oneConnectionAtATime() : t;
    }

    @TestFactory
    Stream<DynamicContainer> everyModelAnswersTheContract() {
        return models().map(m -> ContractTests.container(m.name(), (b, db) -> launch(m, b, db), backend, pg));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void refusesToStartOnABusyPortOrUnreachableDependencies(ServerModel model) throws Exception {
        try (ServerSocket busy = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            assertThatThrownBy(() -> start(model, b -> b.port(busy.getLocalPort())))
                    .isInstanceOf(UserError.class)
                    .hasMessageContaining("port " + busy.getLocalPort())
                    .hasMessageContaining("in use")
                    .hasMessageContaining("--port");
            int free = busy.getLocalPort();
            busy.close();
            assertThatThrownBy(() -> start(model, b -> b.backendUrl(URI.create("http://127.0.0.1:" + free))))
                    .isInstanceOf(UserError.class)
                    .hasMessageContaining("backend");
            assertThatThrownBy(() -> start(
                            model, b -> b.db("jdbc:postgresql://127.0.0.1:" + free + "/loadlab", "loadlab", "loadlab")))
                    .isInstanceOf(UserError.class)
                    .hasMessageContaining("PostgreSQL");
        }
    }

    @Test
    void aDatabaseLostAfterStartIsAnswered503AndEveryServerStaysUp() throws Exception {
        RunningPostgres own = SharedPostgres.startOwn();
        List<ContractTarget> servers = new ArrayList<>();
        try {
            for (ServerModel m : ServerModels.all()) {
                RunningServer s = start(
                        m, b -> b.db(own.jdbcUrl(), own.user(), own.password()).dbPool(2));
                servers.add(target(m, s, null, own));
            }
            for (ContractTarget s : servers) {
                ContractHttp.expect(
                        ContractHttp.get(s, "/zipcodes/12345"), 404, ContractHttp.JSON, "{\"error\":\"no such zip\"}");
            }
            own.close();
            // each lost call may wait out the store's timeout: check the models side by side
            sideBySide(servers, RestartRows::answersDatabaseDown);
        } finally {
            sideBySide(servers, ContractTarget::close); // a pool whose database is gone may take seconds to close
            own.close();
        }
    }

    private interface Step {
        void run(ContractTarget server) throws Exception;
    }

    /** Runs {@code step} on every server at once, waits for all, and fails with the first that failed. */
    private static void sideBySide(List<ContractTarget> servers, Step step) throws Exception {
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<?>> steps = new ArrayList<>();
            for (ContractTarget s : servers) {
                steps.add(pool.submit(() -> {
                    step.run(s);
                    return null;
                }));
            }
            for (Future<?> f : steps) {
                f.get();
            }
        }
    }
}
