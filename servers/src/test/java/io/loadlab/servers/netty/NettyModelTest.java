package io.loadlab.servers.netty;

import static org.assertj.core.api.Assertions.assertThat;

import io.loadlab.servers.RunningServer;
import io.loadlab.servers.ServerModel;
import io.loadlab.servers.ServerSpec;
import io.loadlab.servers.runtime.NonBlockingModelChecks;
import io.loadlab.testkit.RawHttp;
import io.loadlab.transport.NettyTransport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class NettyModelTest extends NonBlockingModelChecks {
    @Override
    protected ServerModel model() {
        return new NettyModel();
    }

    @Test
    void reportsItsTransportAndEventLoops() throws Exception {
        RunningServer s = start(spec().eventLoops(3).build());
        assertThat(s.settings().threads().eventLoops()).isEqualTo(3);
        assertThat(s.settings().own().get("transport")).isIn("epoll", "nio", "io_uring");
        assertThat(((NettyServer) s).eventLoops()).hasSize(3);
    }

    /** io_uring, epoll or NIO: it serves on the one it is given, or on the fallback that the settings then explain. */
    @ParameterizedTest
    @EnumSource(NettyTransport.class)
    void servesOnTheTransportItIsGiven(NettyTransport t) throws Exception {
        RunningServer s = start(spec().transport(t).build());
        NettyTransport.Choice c = t.resolve();
        assertThat(s.settings().own()).containsEntry("transport", c.runs().id());
        if (c.note() != null) {
            assertThat(s.settings().own()).containsEntry("transport_note", c.note());
        }
        RawHttp.Answer a =
                RawHttp.exchange(s.port(), "GET /plaintext HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
        assertThat(a.body()).isEqualTo("Hello, World!");
    }

    @Test
    void itsDefaultEventLoopsAreTheCpusWhereItRuns() throws Exception {
        ServerSpec spec = ServerSpec.builder("netty").port(0).build();
        // left open in the spec, which the lab builds on more CPUs than it pins the server to
        assertThat(spec.eventLoops()).isZero();
        assertThat(start(spec).settings().threads().eventLoops())
                .isEqualTo(Runtime.getRuntime().availableProcessors());
    }

    @Test
    void pipelinedRequestsAreAnsweredInOrder() throws Exception {
        RunningServer s = start(spec().build());
        RawHttp.Answer a = RawHttp.exchange(
                s.port(),
                "GET /delay?ms=200 HTTP/1.1\r\nHost: x\r\n\r\n"
                        + "GET /plaintext HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
        assertThat(a.text().indexOf("\r\n\r\nOK"))
                .isPositive()
                .isLessThan(a.text().indexOf("Hello, World!"));
        assertThat(a.closed()).isTrue();
    }
}
