package io.loadlab.loadgen;

import static org.assertj.core.api.Assertions.assertThat;

import io.loadlab.core.result.ErrorCategory;
import io.loadlab.core.result.LoadReport;
import io.loadlab.core.unit.Duration;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.KeyManagerFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TlsTest {
    @TempDir
    Path dir;

    private SslContext selfSigned() throws Exception {
        Path ks = dir.resolve("server.p12");
        Path keytool = Path.of(System.getProperty("java.home"), "bin", "keytool");
        Process p = new ProcessBuilder(
                        keytool.toString(),
                        "-genkeypair",
                        "-alias",
                        "server",
                        "-keyalg",
                        "EC",
                        "-dname",
                        "CN=localhost",
                        "-validity",
                        "2",
                        "-storetype",
                        "PKCS12",
                        "-keystore",
                        ks.toString(),
                        "-storepass",
                        "changeit",
                        "-keypass",
                        "changeit")
                .redirectErrorStream(true)
                .start();
        p.getInputStream().transferTo(OutputStream.nullOutputStream());
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        KeyStore store = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(ks)) {
            store.load(in, "changeit".toCharArray());
        }
        KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        kmf.init(store, "changeit".toCharArray());
        return SslContextBuilder.forServer(kmf).build();
    }

    @Test
    void httpsWithInsecureWorksAndAnUntrustedCertificateIsAConnectError() throws Exception {
        try (TestHttpServer server = new TestHttpServer(t -> 0, selfSigned())) {
            LoadReport ok = LoadGenerator.run(
                    LoadSpec.builder(server.httpsUrl("/"))
                            .threads(1)
                            .connections(4)
                            .insecure(true)
                            .duration(Duration.ofSeconds(1))
                            .build(),
                    ProgressListener.NONE);
            assertThat(ok.requests()).isPositive();
            assertThat(ok.errors().total()).isZero();

            LoadReport refused = LoadGenerator.run(
                    LoadSpec.builder(server.httpsUrl("/"))
                            .threads(1)
                            .connections(2)
                            .timeout(Duration.ofMillis(500))
                            .duration(Duration.ofMillis(500))
                            .build(),
                    ProgressListener.NONE);
            assertThat(refused.requests()).isZero();
            assertThat(refused.errors().get(ErrorCategory.CONNECT)).isPositive();
        }
    }
}
