package io.loadlab.servers;

import static org.assertj.core.api.Assertions.assertThat;

import io.loadlab.postgres.SelfSignedCertificate;
import io.loadlab.servers.runtime.ServerTls;
import java.io.ByteArrayInputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.stream.Stream;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509ExtendedTrustManager;
import javax.net.ssl.X509TrustManager;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Every model serves the contract over HTTPS with the certificate the lab makes, and says so in its settings. */
@Timeout(60)
class HttpsTest {
    @TempDir
    static Path dir;

    private static ServerTls tls;
    private static HttpClient https;

    @BeforeAll
    static void certificate() throws Exception {
        SelfSignedCertificate c = SelfSignedCertificate.generate("localhost");
        Path cert = dir.resolve("server.crt");
        Path key = dir.resolve("server.key");
        c.write(cert, key);
        tls = new ServerTls(cert.toString(), key.toString());
        // trust exactly that certificate: the handshake must really present it
        KeyStore trust = KeyStore.getInstance("PKCS12");
        trust.load(null, null);
        trust.setCertificateEntry(
                "lab",
                CertificateFactory.getInstance("X.509")
                        .generateCertificate(new ByteArrayInputStream(c.certificateDer())));
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(trust);
        X509TrustManager ours = (X509TrustManager) tmf.getTrustManagers()[0];
        SSLContext ctx = SSLContext.getInstance("TLS");
        ctx.init(null, new TrustManager[] {chainOnly(ours)}, null);
        https = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .sslContext(ctx)
                .connectTimeout(Duration.ofSeconds(5))
                .build();
    }

    /** Checks the chain against {@code ours}, not the host name: the certificate names localhost, we dial 127.0.0.1. */
    private static X509ExtendedTrustManager chainOnly(X509TrustManager ours) {
        return new X509ExtendedTrustManager() {
            @Override
            public void checkServerTrusted(X509Certificate[] c, String a) throws CertificateException {
                ours.checkServerTrusted(c, a);
            }

            @Override
            public void checkServerTrusted(X509Certificate[] c, String a, Socket s) throws CertificateException {
                ours.checkServerTrusted(c, a);
            }

            @Override
            public void checkServerTrusted(X509Certificate[] c, String a, SSLEngine e) throws CertificateException {
                ours.checkServerTrusted(c, a);
            }

            @Override
            public void checkClientTrusted(X509Certificate[] c, String a) throws CertificateException {
                throw new CertificateException("not a server");
            }

            @Override
            public void checkClientTrusted(X509Certificate[] c, String a, Socket s) throws CertificateException {
                throw new CertificateException("not a server");
            }

            @Override
            public void checkClientTrusted(X509Certificate[] c, String a, SSLEngine e) throws CertificateException {
                throw new CertificateException("not a server");
            }

            @Override
            public X509Certificate[] getAcceptedIssuers() {
                return ours.getAcceptedIssuers();
            }
        };
    }

    static Stream<String> models() {
        return ServerModels.all().stream().map(ServerModel::name);
    }

    @ParameterizedTest
    @MethodSource("models")
    void servesTheContractOverHttps(String model) throws Exception {
        try (RunningServer s = ServerModels.byName(model)
                .start(ServerSpec.builder(model).port(0).tls(tls).build())) {
            assertThat(s.settings().scheme()).isEqualTo("https");
            for (int i = 0; i < 3; i++) { // the same keep-alive connection, then a new one
                HttpResponse<String> r = https.send(
                        HttpRequest.newBuilder(URI.create("https://127.0.0.1:" + s.port() + "/plaintext"))
                                .timeout(Duration.ofSeconds(10))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
                assertThat(r.statusCode()).as(model).isEqualTo(200);
                assertThat(r.body()).isEqualTo("Hello, World!");
            }
        }
    }

    @Test
    void plainHttpIsTheDefault() throws Exception {
        try (RunningServer s = ServerModels.byName("netty")
                .start(ServerSpec.builder("netty").port(0).build())) {
            assertThat(s.settings().scheme()).isEqualTo("http");
        }
    }
}
