package io.loadlab.core.model;

import static org.assertj.core.api.Assertions.assertThat;

import io.loadlab.core.Json;
import java.net.URI;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ConcurrencyModelTest {
    record Settings(int threads, int maxThreads, int workerThreads, boolean offloadsToWorkers, int reservedThreads)
            implements ConcurrencyModel.Knobs {}

    @Test
    void eachModelSaysWhichKnobsItTakesAndEveryOneTakesTheCommonOnes() {
        assertThat(ConcurrencyModel.takers("max-threads"))
                .containsExactly(
                        "servlet-sync", "servlet-async", "spring-mvc", "spring-mvc-async", "tomcat", "helidon-se");
        assertThat(ConcurrencyModel.takers("event-loops"))
                .containsExactly("netty", "vertx", "spring-webflux", "rxnetty", "quarkus-reactive", "quarkus-broken");
        assertThat(ConcurrencyModel.takers("worker-threads"))
                .containsExactly("servlet-async", "spring-mvc-async", "httpcore5-nio");
        assertThat(ConcurrencyModel.takers("db-pool"))
                .hasSize(ConcurrencyModel.all().size());
        assertThat(ConcurrencyModel.takers("no-such-knob")).isEmpty();
        assertThat(ConcurrencyModel.THREAD_POOL.knobs())
                .containsExactly(Knob.THREADS, Knob.QUEUE, Knob.DB_POOL, Knob.BACKLOG);
        assertThat(ConcurrencyModel.THREAD_POOL.ownKnobs()).containsExactly(Knob.THREADS, Knob.QUEUE);
        assertThat(ConcurrencyModel.VIRTUAL_THREADS.ownKnobs()).isEmpty();
    }

    @Test
    void aModelMayDeclareAKnobWithItsOwnDefault() {
        Knob sync = ConcurrencyModel.SERVLET_SYNC.knobs().get(0);
        Knob async = ConcurrencyModel.SERVLET_ASYNC.knobs().get(0);
        assertThat(sync.name()).isEqualTo(async.name()).isEqualTo("max-threads");
        assertThat(sync.defaultValue()).isEqualTo("200");
        assertThat(async.defaultValue()).isEqualTo("max(8, 4 × CPUs)");
        assertThat(async.envVar()).isEqualTo("LOADLAB_MAX_THREADS");
    }

    @Test
    void theDesignCapCountsWhatHoldsAWaitingRequest() {
        Settings s = new Settings(100, 16, 8, true, 2);
        assertThat(ConcurrencyModel.SINGLE_THREAD.waitingCap(s)).isEqualTo(1);
        assertThat(ConcurrencyModel.THREAD_POOL.waitingCapLabel(s)).isEqualTo("100 threads");
        assertThat(ConcurrencyModel.SERVLET_SYNC.waitingCap(s)).isEqualTo(14);
        assertThat(ConcurrencyModel.SERVLET_SYNC.waitingCapLabel(s))
                .isEqualTo("14 container threads (16 less the 2 Jetty keeps for accepting and selecting)");
        assertThat(ConcurrencyModel.SERVLET_ASYNC.waitingCapLabel(s)).isEqualTo("8 worker threads");
        Settings nonblocking = new Settings(100, 16, 8, false, 0);
        assertThat(ConcurrencyModel.SERVLET_ASYNC.waitingCap(nonblocking)).isNull();
        assertThat(ConcurrencyModel.SERVLET_ASYNC.waitingCapLabel(nonblocking)).isNull();
        assertThat(ConcurrencyModel.NETTY.waitingCap(s)).isNull();
        assertThat(ConcurrencyModel.SPRING_MVC.waitingCapLabel(new Settings(0, 200, 0, false, 0)))
                .isEqualTo("200 Tomcat threads");
    }

    /** spring-mvc-async: its workers wait; in sync mode a Jetty thread waits on each too, the fewer bound it. */
    @Test
    void theAsyncServletStudysSystemIsBoundByItsWorkersOrItsJettyThreads() {
        record Mvc(int maxThreads, int workerThreads, boolean containerWaits) implements ConcurrencyModel.Knobs {
            public int threads() {
                return 0;
            }

            public boolean offloadsToWorkers() {
                return true;
            }

            public int reservedThreads() {
                return 2;
            }
        }
        ConcurrencyModel m = ConcurrencyModel.SPRING_MVC_ASYNC;
        assertThat(m.waitingCap(new Mvc(200, 16, false))).isEqualTo(16);
        assertThat(m.waitingCap(new Mvc(200, 16, true))).isEqualTo(16);
        assertThat(m.waitingCap(new Mvc(16, 16, false))).isEqualTo(16);
        assertThat(m.waitingCap(new Mvc(16, 16, true))).isEqualTo(14);
        assertThat(m.waitingCapLabel(new Mvc(16, 16, true))).startsWith("14 Jetty threads");
    }

    @Test
    void aProcessStartedModelGetsItsSettingsFromTheEnvironment() {
        Map<Knob, String> knobs = new LinkedHashMap<>();
        knobs.put(Knob.MAX_THREADS, "16");
        knobs.put(Knob.DB_POOL, "8");
        Launch virtual = Launch.process("spring-mvc").with("LOADLAB_VIRTUAL", "true");
        assertThat(virtual.environment("127.0.0.1", 8080, URI.create("http://127.0.0.1:9000"), null, knobs))
                .containsExactly(
                        Map.entry("LOADLAB_HOST", "127.0.0.1"),
                        Map.entry("LOADLAB_PORT", "8080"),
                        Map.entry("LOADLAB_BACKEND_URL", "http://127.0.0.1:9000"),
                        Map.entry("LOADLAB_VIRTUAL", "true"),
                        Map.entry("LOADLAB_MAX_THREADS", "16"),
                        Map.entry("LOADLAB_DB_POOL", "8"));
        assertThat(virtual.command(Path.of("java")))
                .containsExactly(
                        "java",
                        "-jar",
                        Path.of("frameworks/spring-mvc/target/loadlab-spring-mvc.jar")
                                .toString());
        assertThat(ConcurrencyModel.reference()).allMatch(m -> m.launch().reference());
        assertThat(ConcurrencyModel.SPRING_MVC_VIRTUAL.launch().app()).isEqualTo("spring-mvc");
    }

    @Test
    void jsonNamesAModelByItsId() throws Exception {
        assertThat(Json.write(ConcurrencyModel.THREAD_PER_CONNECTION)).isEqualTo("\"thread-per-connection\"");
        assertThat(Json.read("\"servlet-async\"", ConcurrencyModel.class)).isEqualTo(ConcurrencyModel.SERVLET_ASYNC);
    }
}
