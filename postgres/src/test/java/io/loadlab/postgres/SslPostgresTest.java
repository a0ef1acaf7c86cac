package io.loadlab.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class SslPostgresTest {

    @Test
    void theCertificateIsAValidSelfSignedX509() throws Exception {
        SelfSignedCertificate c = SelfSignedCertificate.generate("127.0.0.1");
        X509Certificate x = (X509Certificate) CertificateFactory.getInstance("X.509")
                .generateCertificate(new ByteArrayInputStream(c.certificateDer()));
        x.checkValidity();
        x.verify(x.getPublicKey()); // signed by its own key
        assertThat(x.getSubjectX500Principal().getName()).isEqualTo("CN=127.0.0.1");
        assertThat(c.certificatePem()).startsWith("-----BEGIN CERTIFICATE-----\n");
        assertThat(c.privateKeyPem()).startsWith("-----BEGIN PRIVATE KEY-----\n");
    }

    @Test
    void sslOnServesTlsToSslmodeRequireAndPlainToTheRest() throws Exception {
        try (RunningPostgres pg = EmbeddedPostgres.start(PostgresSpec.defaults().withSsl(true))) {
            assertThat(pg.settings()).containsEntry("ssl", "on");
            assertThat(usesSsl(pg, "require")).isTrue();
            assertThat(usesSsl(pg, "disable")).isFalse();
        }
    }

    private static boolean usesSsl(RunningPostgres pg, String sslmode) throws Exception {
        Properties p = new Properties();
        p.setProperty("user", pg.user());
        p.setProperty("password", pg.password());
        p.setProperty("sslmode", sslmode);
        try (Connection c = DriverManager.getConnection(pg.jdbcUrl(), p);
                Statement s = c.createStatement();
                ResultSet r = s.executeQuery("select ssl from pg_stat_ssl where pid = pg_backend_pid()")) {
            assertThat(r.next()).isTrue();
            return r.getBoolean(1);
        }
    }
}
