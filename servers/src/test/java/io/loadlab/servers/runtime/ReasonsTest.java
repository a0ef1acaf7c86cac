package io.loadlab.servers.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.channel.ConnectTimeoutException;
import java.net.ConnectException;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;

class ReasonsTest {
    @Test
    void aConnectThatTimedOutIsATimeoutNotARefusal() {
        assertThat(Reasons.backend(new ConnectTimeoutException("connection timed out after 2000 ms: /127.0.0.1:1")))
                .isEqualTo("backend: timed out");
        assertThat(Reasons.backend(new RuntimeException(new ConnectTimeoutException("x"))))
                .isEqualTo("backend: timed out");
    }

    @Test
    void refusalsTimeoutsAndClosesAreWordedAlike() {
        assertThat(Reasons.backend(new ConnectException("Connection refused")))
                .isEqualTo("backend: connection refused");
        assertThat(Reasons.backend(new TimeoutException("no answer within the timeout")))
                .isEqualTo("backend: timed out");
        assertThat(Reasons.backend(new java.io.IOException("the backend closed the connection")))
                .isEqualTo("backend: connection closed");
    }
}
