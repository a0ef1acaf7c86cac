package io.loadlab.loadgen;

import static org.assertj.core.api.Assertions.assertThat;

import io.loadlab.core.result.LoadReport;
import io.loadlab.core.unit.Duration;
import io.loadlab.transport.NettyTransport;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
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

    /**
     * Ending the run leaves Netty nothing to complain about: on io_uring a channel's close finishes only when its
     * cancelled reads come back, and an event loop ended before that logged a stack trace per connection.
     */
    @ParameterizedTest
    @EnumSource(NettyTransport.class)
    void endsWithoutAWarningFromNetty(NettyTransport t) throws Exception {
        List<LogRecord> warnings = new CopyOnWriteArrayList<>();
        Handler handler = new Handler() {
            @Override
            public void publish(LogRecord record) {
                // the load generator's own threads; the test server's log its peer's resets
                if (record.getLevel().intValue() >= Level.WARNING.intValue()
                        && Thread.currentThread().getName().startsWith("loadlab-load")) {
                    warnings.add(record);
                }
            }

            @Override
            public void flush() {}

            @Override
            public void close() {}
        };
        Logger netty = Logger.getLogger("io.netty");
        netty.addHandler(handler);
        try (TestHttpServer server = new TestHttpServer(arrival -> 0)) {
            LoadReport r = LoadGenerator.run(
                    LoadSpec.builder(server.url("/"))
                            .threads(1)
                            .connections(200)
                            .warmup(Duration.ofSeconds(1))
                            .duration(Duration.ofMillis(500))
                            .transport(t)
                            .build(),
                    new ProgressListener() {});
            assertThat(r.requests()).isPositive();
        } finally {
            netty.removeHandler(handler);
        }
        assertThat(warnings)
                .extracting(w -> w.getMessage() + " " + w.getThrown())
                .isEmpty();
    }
}
