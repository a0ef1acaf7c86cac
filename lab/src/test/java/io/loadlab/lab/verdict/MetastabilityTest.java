package io.loadlab.lab.verdict;

import static org.assertj.core.api.Assertions.assertThat;

import io.loadlab.backend.DelaySchedule;
import io.loadlab.core.result.LoadReport;
import io.loadlab.core.result.Metastability;
import io.loadlab.core.result.VerdictCode;
import io.loadlab.core.unit.Duration;
import io.loadlab.core.unit.Rate;
import io.loadlab.lab.spec.Overload;
import io.loadlab.loadgen.LoadGenerator;
import io.loadlab.loadgen.LoadSpec;
import io.loadlab.loadgen.ProgressListener;
import io.loadlab.loadgen.RetryPolicy;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Metastable failure with fakes: a one-thread server of 100 req/s (10 ms per request) loaded at 50 req/s, whose
 * dependency slows to 100 ms per request for 2 s. With client retries, a server that serves its unbounded FIFO queue
 * whether or not the clients are still there answers only requests whose clients left, and their retries keep its
 * queue growing after the dependency recovered: METASTABLE. One that drops the requests that waited past its deadline
 * spends its time on clients still waiting, and recovers. Without retries both drain their backlog and recover.
 */
@Tag("slow")
class MetastabilityTest {
    private static final Duration AT = Duration.ofSeconds(3);
    private static final Duration FOR = Duration.ofSeconds(2);
    private static final Duration WINDOW = Duration.ofSeconds(13);
    private static final Duration TIMEOUT = Duration.ofMillis(300);
    /** Down longer than this after the trigger is metastable: the control's 80-request backlog drains in ~2 s. */
    private static final double THRESHOLD_S = 4;

    /**
     * A first load in a cold JVM answers its first requests late enough to time out, and with retries that alone can
     * tip the FIFO server over before any trigger: the classes are loaded first, on a server without one.
     */
    @BeforeAll
    static void warmUp() throws Exception {
        try (QueueingServer server = new QueueingServer(DelaySchedule.constant(Duration.ZERO), true, 1_000)) {
            LoadGenerator.run(
                    LoadSpec.builder(server.url())
                            .threads(1)
                            .connections(10)
                            .rate(Rate.perSecond(50))
                            .duration(Duration.ofSeconds(1))
                            .retry(RetryPolicy.of(1, Duration.ofMillis(10)))
                            .build(),
                    ProgressListener.NONE);
        }
    }

    @Test
    void anUnboundedQueueServingGoneClientsStaysDownUnderRetries() throws Exception {
        Metastability m = run(false, 3);
        assertThat(m.beforeRps()).as("%s", m).isGreaterThan(40);
        assertThat(m.metastable()).as("%s", m).isTrue();
        assertThat(m.recoveryS()).isNull();
        assertThat(MetastabilityCheck.check(m, THRESHOLD_S))
                .hasValueSatisfying(v -> assertThat(v.code()).isEqualTo(VerdictCode.METASTABLE));
    }

    @Test
    void aServerThatDropsExpiredRequestsRecoversUnderRetries() throws Exception {
        Metastability m = run(true, 3);
        assertThat(m.metastable()).as("%s", m).isFalse();
        assertThat(m.recoveryS()).isNotNull();
        assertThat(MetastabilityCheck.check(m, THRESHOLD_S)).isEmpty();
    }

    @Test
    void withoutRetriesBothRecover() throws Exception {
        for (boolean drop : new boolean[] {false, true}) {
            Metastability m = run(drop, 0);
            assertThat(m.metastable()).as("drop expired %s: %s", drop, m).isFalse();
            assertThat(m.recoveryS()).as("drop expired %s: %s", drop, m).isNotNull();
        }
    }

    private static Metastability run(boolean dropExpired, int retries) throws Exception {
        DelaySchedule service = DelaySchedule.trigger(Duration.ofMillis(10), Duration.ofMillis(100), AT, FOR);
        Overload overload = new Overload(
                retries, Duration.ofMillis(50), TIMEOUT, new Overload.Trigger(Duration.ofMillis(100), AT, FOR), null);
        try (QueueingServer server = new QueueingServer(service, dropExpired, TIMEOUT.toMillis() / 2)) {
            LoadReport r = LoadGenerator.run(
                    LoadSpec.builder(server.url())
                            .threads(1)
                            .connections(10)
                            .maxConnections(2_000)
                            .rate(Rate.perSecond(50))
                            .timeout(TIMEOUT)
                            .duration(WINDOW)
                            .retry(RetryPolicy.of(retries, overload.retryBackoff()))
                            .build(),
                    ProgressListener.NONE);
            Metastability m = MetastabilityCheck.measure(r, overload, THRESHOLD_S);
            System.out.printf(
                    "drop expired %s, retries %d: before %.1f, during %.1f, after %.1f req/s; down %.1f s,"
                            + " recovered after %s s; retried %s%n",
                    dropExpired,
                    retries,
                    m.beforeRps(),
                    m.duringRps(),
                    m.afterRps(),
                    m.downS(),
                    m.recoveryS(),
                    r.retries() == null ? "-" : r.retries().count());
            return m;
        }
    }
}
