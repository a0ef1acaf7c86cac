package io.loadlab.loadgen;

import static org.assertj.core.api.Assertions.assertThat;

import io.loadlab.core.result.ErrorCategory;
import io.loadlab.core.result.LoadReport;
import io.loadlab.core.unit.Duration;
import io.loadlab.core.unit.Rate;
import org.junit.jupiter.api.Test;

/**
 * Client retries: a failed attempt is retried after its backoff, counted apart from the requests, and a request is
 * counted once with its last attempt's outcome; the backoff grows with full jitter under its cap; goodput counts the
 * answers that arrived within the timeout.
 */
class RetryTest {
    @Test
    void everyTimedOutAttemptIsRetriedUntilTheRequestGivesUp() throws Exception {
        try (TestHttpServer server = new TestHttpServer(t -> 5_000_000_000L)) {
            LoadReport r = run(server, RetryPolicy.of(2, Duration.ofMillis(20)));
            long timeouts = r.errors().get(ErrorCategory.TIMEOUT);
            assertThat(timeouts).isPositive();
            // two retries for each request that gave up, give or take the requests straddling the window's edges
            assertThat(r.retries().count()).isGreaterThanOrEqualTo(timeouts);
            assertThat(r.retries().max()).isEqualTo(2);
            assertThat(r.goodput().requests()).isZero();
        }
    }

    @Test
    void aRetryThatSucceedsCountsOnceAndAsGoodput() throws Exception {
        // the first second is a stall: attempts sent during it time out, their retries after it succeed
        try (TestHttpServer server = new TestHttpServer(t -> t < 1_500_000_000L ? 3_000_000_000L : 0)) {
            LoadReport with = run(server, RetryPolicy.of(5, Duration.ofMillis(100)));
            assertThat(with.retries().count()).isPositive();
            assertThat(with.goodput().requests()).isPositive().isLessThanOrEqualTo(with.successes());
            assertThat(with.errors().get(ErrorCategory.TIMEOUT))
                    .isLessThan(with.retries().count());
        }
    }

    @Test
    void withoutRetriesNothingIsRetriedAndGoodputIsTheTimelySuccesses() throws Exception {
        try (TestHttpServer server = new TestHttpServer(t -> 0)) {
            LoadReport r = run(server, RetryPolicy.NONE);
            assertThat(r.retries()).isNull();
            assertThat(r.goodput().requests()).isEqualTo(r.successes());
            assertThat(r.intervals()).allSatisfy(i -> assertThat(i.goodput()).isNotNull());
        }
    }

    @Test
    void backoffDoublesUnderItsCapWithFullJitter() {
        RetryPolicy p = new RetryPolicy(10, Duration.ofMillis(50), Duration.ofMillis(300));
        assertThat(p.backoffNanos(1, 0.999)).isBetween(49_000_000L, 50_000_000L);
        assertThat(p.backoffNanos(2, 0.999)).isBetween(99_000_000L, 100_000_000L);
        assertThat(p.backoffNanos(9, 0.999)).isBetween(299_000_000L, 300_000_000L);
        assertThat(p.backoffNanos(3, 0)).isZero();
    }

    @Test
    void theRetryQueueReleasesTheEarliestFirst() {
        RetryQueue q = new RetryQueue();
        long[] due = {50, 10, 40, 30, 20, 60, 5};
        for (int i = 0; i < 200; i++) {
            q.add(due[i % due.length] + i, i, i, 1);
        }
        long last = Long.MIN_VALUE;
        int n = 0;
        while (q.due(Long.MAX_VALUE - 1)) {
            long at = due[q.peekRequest() % due.length] + q.peekRequest();
            assertThat(at).isGreaterThanOrEqualTo(last);
            last = at;
            q.remove();
            n++;
        }
        assertThat(n).isEqualTo(200);
    }

    private static LoadReport run(TestHttpServer server, RetryPolicy retry) throws Exception {
        return LoadGenerator.run(
                LoadSpec.builder(server.url("/"))
                        .threads(1)
                        .connections(10)
                        .maxConnections(500)
                        .rate(Rate.perSecond(50))
                        .timeout(Duration.ofMillis(200))
                        .duration(Duration.ofSeconds(3))
                        .retry(retry)
                        .build(),
                ProgressListener.NONE);
    }
}
