package io.loadlab.loadgen;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.loadlab.core.UserError;
import io.loadlab.core.result.ErrorCategory;
import io.loadlab.core.result.LoadReport;
import io.loadlab.core.unit.Duration;
import io.loadlab.core.unit.Rate;
import io.loadlab.testkit.QuietHost;
import org.junit.jupiter.api.Test;

/** The load generator over HTTP/2 (h2c, prior knowledge) against Netty's own HTTP/2 server. */
class Http2Test {
    private static LoadSpec.Builder spec(String url, int connections, int streams) {
        return LoadSpec.builder(url)
                .threads(1)
                .connections(connections)
                .http2(true)
                .maxStreams(streams)
                .duration(Duration.ofMillis(800));
    }

    @Test
    void closedModelCarriesManyStreamsPerConnection() throws Exception {
        try (TestHttp2Server server = new TestHttp2Server(0)) {
            LoadReport r = LoadGenerator.run(spec(server.url("/ok"), 2, 8).build(), ProgressListener.NONE);
            assertThat(r.requests()).isPositive();
            assertThat(r.errors().total()).isZero();
            assertThat(r.statusCodes()).containsOnlyKeys("200");
            assertThat(r.run().protocol()).isEqualTo("h2c");
            assertThat(r.run().maxStreams()).isEqualTo(8);
            // everything in flight at the end is counted: up to 2 connections x 8 streams
            assertThat(r.unfinished().count()).isBetween(0L, 16L);
            assertThat(r.connections().fairness().connections()).isEqualTo(2);
        }
    }

    @Test
    void streamsAreCappedByTheServersLimit() throws Exception {
        try (TestHttp2Server server = new TestHttp2Server(3)) {
            LoadReport r = LoadGenerator.run(spec(server.url("/ok"), 1, 10).build(), ProgressListener.NONE);
            assertThat(r.errors().total()).isZero();
            assertThat(r.run().maxStreams()).isEqualTo(3);
            assertThat(r.unfinished().count()).isLessThanOrEqualTo(3);
        }
    }

    @Test
    void aServerWithASmallerHeaderTableGetsTheTableSizeUpdateItsDecoderWaitsFor() throws Exception {
        // RFC 7541 4.2: the first header block after the decoder's limit fell below the encoder's table size must
        // open with a dynamic table size update; Netty's decoder refuses the block otherwise (COMPRESSION_ERROR)
        for (long size : new long[] {0, 100}) {
            try (TestHttp2Server server = new TestHttp2Server(0, size)) {
                LoadReport r = LoadGenerator.run(spec(server.url("/ok"), 2, 4).build(), ProgressListener.NONE);
                assertThat(r.errors().total())
                        .as(size + ": " + r.errors().describe())
                        .isZero();
                assertThat(r.requests()).isPositive();
            }
        }
    }

    @Test
    void largeResponsesNeverStallOnFlowControl() throws Exception {
        try (TestHttp2Server server = new TestHttp2Server(0)) {
            // 1 MiB per response, far over HTTP/2's default 64 KiB windows
            LoadReport r = LoadGenerator.run(spec(server.url("/big"), 1, 4).build(), ProgressListener.NONE);
            assertThat(r.requests()).isGreaterThan(4);
            assertThat(r.errors().total()).isZero();
            assertThat(r.throughput().bytesRead()).isGreaterThan(4L * TestHttp2Server.BIG);
        }
    }

    @Test
    void resetStreamsAreResetErrorsAndUnexpectedStatusesStatusErrors() throws Exception {
        try (TestHttp2Server server = new TestHttp2Server(0)) {
            LoadReport rst = LoadGenerator.run(spec(server.url("/rst"), 1, 4).build(), ProgressListener.NONE);
            assertThat(rst.requests()).isZero();
            assertThat(rst.errors().get(ErrorCategory.RESET)).isPositive();
            assertThat(rst.errors().total())
                    .as(rst.errors().describe().toString())
                    .isEqualTo(rst.errors().get(ErrorCategory.RESET));

            LoadReport status = LoadGenerator.run(spec(server.url("/503"), 1, 4).build(), ProgressListener.NONE);
            assertThat(status.requests()).isPositive();
            assertThat(status.errors().get(ErrorCategory.STATUS))
                    .as(status.statusCodes() + " " + status.unfinished() + " "
                            + status.latencyMs().count())
                    .isEqualTo(status.requests());
        }
    }

    @Test
    void refusedStreamsAndStreamsAboveAGoawayAreSentAgainNotCountedAsErrors() throws Exception {
        try (TestHttp2Server server = new TestHttp2Server(0)) {
            LoadReport refused =
                    LoadGenerator.run(spec(server.url("/refuse"), 1, 4).build(), ProgressListener.NONE);
            assertThat(refused.requests()).isPositive();
            assertThat(refused.errors().total())
                    .as(refused.errors().describe().toString())
                    .isZero();

            LoadReport goaway =
                    LoadGenerator.run(spec(server.url("/goaway"), 2, 4).build(), ProgressListener.NONE);
            assertThat(goaway.requests()).isGreaterThan(2L * TestHttp2Server.GOAWAY_EVERY);
            assertThat(goaway.errors().total()).isZero();
        }
    }

    @Test
    void streamsPastTheirDeadlineTimeOutAloneAndTheOpenModelWorks() throws Exception {
        QuietHost.holds("500 requests a second for 0.8 s, counted to 70", () -> {
            try (TestHttp2Server server = new TestHttp2Server(0)) {
                LoadReport silent = LoadGenerator.run(
                        spec(server.url("/silent"), 1, 2)
                                .timeout(Duration.ofMillis(100))
                                .build(),
                        ProgressListener.NONE);
                assertThat(silent.errors().get(ErrorCategory.TIMEOUT)).isGreaterThan(2);
                assertThat(silent.errors().total()).isEqualTo(silent.errors().get(ErrorCategory.TIMEOUT));

                LoadReport open = LoadGenerator.run(
                        spec(server.url("/ok"), 1, 4).rate(Rate.perSecond(500)).build(), ProgressListener.NONE);
                assertThat(open.requests()).isBetween(300L, 450L);
                assertThat(open.errors().total()).isZero();
                assertThat(open.serviceTimeMs()).isNotNull();
            }
        });
    }

    @Test
    void anHttp1ServerIsAOneLineErrorBeforeAnyLoad() throws Exception {
        try (TestHttpServer server = new TestHttpServer(t -> 0)) {
            assertThatThrownBy(
                            () -> LoadGenerator.run(spec(server.url("/"), 1, 1).build(), ProgressListener.NONE))
                    .isInstanceOf(UserError.class)
                    .hasMessageContaining("does not speak HTTP/2 without TLS");
        }
    }

    @Test
    void maxStreamsNeedsHttp2() {
        assertThatThrownBy(() ->
                        LoadSpec.builder("http://127.0.0.1:1/").maxStreams(4).build())
                .isInstanceOf(UserError.class)
                .hasMessageContaining("needs --http2");
    }
}
