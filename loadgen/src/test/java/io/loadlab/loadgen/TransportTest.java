package io.loadlab.loadgen;

import static org.assertj.core.api.Assertions.assertThat;

import io.loadlab.core.result.LoadReport;
import io.loadlab.core.unit.Duration;
import io.loadlab.transport.NettyTransport;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The load threads run on the transport asked for (or its fallback, said at start) and the report names it. */
class TransportTest {
    @ParameterizedTest
    @EnumSource(NettyTransport.class)
    void loadsOnTheTransportItIsGivenAndReportsIt(NettyTransport t) throws Exception {
        AtomicReference<NettyTransport.Choice> started = new AtomicReference<>();
        try (TestHttpServer server = new TestHttpServer(arrival -> 0)) {
            LoadReport r = LoadGenerator.run(
                    LoadSpec.builder(server.url("/"))
                            .threads(1)
                            .connections(4)
                            .duration(Duration.ofMillis(500))
                            .transport(t)
                            .build(),
                    new ProgressListener() {
                        @Override
                        public void started(NettyTransport.Choice transport) {
                            started.set(transport);
                        }
                    });
            NettyTransport.Choice c = t.resolve();
            assertThat(started.get()).isEqualTo(c);
            assertThat(r.run().transport()).isEqualTo(c.runs().id());
            assertThat(r.requests()).isPositive();
            assertThat(r.errors().total()).isZero();
        }
    }

    @ParameterizedTest
    @EnumSource(NettyTransport.class)
    void theHeaderNamesTheTransportThatRunsAndWhyWhenItIsNotTheOneAsked(NettyTransport t) {
        LoadSpec spec = LoadSpec.builder("http://127.0.0.1:1/").transport(t).build();
        NettyTransport.Choice c = t.resolve();
        String header = LoadSummary.header(spec, c);
        assertThat(header).contains(", " + c.runs().id());
        if (c.note() == null) {
            assertThat(header).doesNotContain("note:");
        } else {
            assertThat(header).contains("  note: " + c.note() + "\n");
        }
    }
}
