package io.loadlab.servers.vertx;

import static org.assertj.core.api.Assertions.assertThat;

import io.loadlab.servers.RunningServer;
import io.loadlab.servers.ServerModel;
import io.loadlab.servers.runtime.NonBlockingModelChecks;
import io.loadlab.testkit.RawHttp;
import io.loadlab.transport.NettyTransport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class VertxModelTest extends NonBlockingModelChecks {
    @Override
    protected ServerModel model() {
        return new VertxModel();
    }

    @Test
    void deploysOneVerticlePerEventLoopOnOnePort() throws Exception {
        RunningServer s = start(spec().eventLoops(3).build());
        assertThat(s.settings().threads().eventLoops()).isEqualTo(3);
        assertThat(s.settings().own()).containsEntry("verticles", "3");
        assertThat(((VertxServer) s).eventLoops()).hasSize(3);
        for (int i = 0; i < 6; i++) {
            assertThat(get(s.port(), "/plaintext").body()).isEqualTo("Hello, World!");
        }
    }

    /** Vert.x is given the transport through its builder; where it cannot run it, NIO and a note in the settings. */
    @ParameterizedTest
    @EnumSource(NettyTransport.class)
    void servesOnTheTransportItIsGiven(NettyTransport t) throws Exception {
        RunningServer s = start(spec().transport(t).build());
        String ran = s.settings().own().get("transport");
        if (!ran.equals(t.resolve().runs().id())) {
            assertThat(ran).isEqualTo("nio");
            assertThat(s.settings().own().get("transport_note")).startsWith("Vert.x cannot run transport");
        }
        assertThat(get(s.port(), "/plaintext").body()).isEqualTo("Hello, World!");
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
    }
}
