package io.loadlab.loadgen;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.handler.codec.DecoderException;
import io.netty.handler.ssl.NotSslRecordException;
import java.net.ConnectException;
import javax.net.ssl.SSLHandshakeException;
import org.junit.jupiter.api.Test;

class ConnectHintsTest {
    @Test
    void anHttpsUrlOnAPlainPortIsToldToUseHttp() {
        var plain = new DecoderException(new NotSslRecordException("not an SSL/TLS record: 485454502f312e30"));

        assertThat(ConnectHints.hint(plain)).startsWith("the server does not speak TLS on this port: use http://");
        assertThat(ConnectHints.cause(plain)).isEqualTo("the answer was not a TLS record");
    }

    @Test
    void anUntrustedCertificateNamesInsecureAndOtherHandshakeFailuresThePort() {
        var pkix = new SSLHandshakeException("PKIX path building failed: unable to find valid certification path");
        assertThat(ConnectHints.hint(pkix)).contains("--insecure");
        assertThat(ConnectHints.cause(pkix)).isEqualTo("TLS handshake failed");

        assertThat(ConnectHints.hint(new SSLHandshakeException("Received fatal alert: handshake_failure")))
                .contains("serves https on this port");
    }

    @Test
    void aRefusedConnectNeedsNoHintAndKeepsItsMessage() {
        var refused = new ConnectException("Connection refused");

        assertThat(ConnectHints.hint(refused)).isNull();
        assertThat(ConnectHints.cause(refused)).isEqualTo("Connection refused");
    }
}
