package io.loadlab.servers.runtime;

import io.loadlab.core.UserError;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.Base64;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;

/**
 * HTTPS for the reference servers: a PEM certificate and its PEM PKCS#8 private key (EC or RSA), as the lab writes
 * them, made into what each server stack takes — a {@link KeyStore} (Jetty), a {@link KeyManagerFactory} (Netty), an
 * {@link SSLContext} (the blocking servers' {@code SSLServerSocket}); Vert.x reads the files itself.
 *
 * @param cert path of the certificate, PEM
 * @param key path of its private key, PEM PKCS#8 ({@code BEGIN PRIVATE KEY})
 */
public record ServerTls(String cert, String key) {
    /** The in-memory key store's password: it never leaves the process. */
    public static final char[] PASSWORD = "loadlab".toCharArray();

    /** A key store holding the key and its certificate under the alias {@code server}. */
    public KeyStore keyStore() {
        try {
            Certificate c = CertificateFactory.getInstance("X.509")
                    .generateCertificate(new ByteArrayInputStream(Files.readAllBytes(Path.of(cert))));
            byte[] der = pem(Path.of(key), "PRIVATE KEY");
            PrivateKey k = privateKey(der, c.getPublicKey().getAlgorithm());
            KeyStore ks = KeyStore.getInstance("PKCS12");
            ks.load(null, null);
            ks.setKeyEntry("server", k, PASSWORD, new Certificate[] {c});
            return ks;
        } catch (IOException e) {
            throw new UserError(
                    "cannot read the TLS certificate or key (" + cert + ", " + key + "): " + e.getMessage());
        } catch (GeneralSecurityException | IllegalArgumentException e) {
            throw new UserError(
                    "the TLS certificate or key is not usable (" + cert + ", " + key + "): " + e.getMessage());
        }
    }

    public KeyManagerFactory keyManagers() {
        try {
            KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            kmf.init(keyStore(), PASSWORD);
            return kmf;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("this JDK cannot use the key: " + e.getMessage(), e);
        }
    }

    public SSLContext sslContext() {
        try {
            SSLContext ctx = SSLContext.getInstance("TLS");
            ctx.init(keyManagers().getKeyManagers(), null, null);
            return ctx;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("this JDK has no TLS: " + e.getMessage(), e);
        }
    }

    private static PrivateKey privateKey(byte[] pkcs8, String algorithm) throws GeneralSecurityException {
        return KeyFactory.getInstance(algorithm).generatePrivate(new PKCS8EncodedKeySpec(pkcs8));
    }

    private static byte[] pem(Path file, String type) throws IOException {
        String text = Files.readString(file, StandardCharsets.US_ASCII);
        String begin = "-----BEGIN " + type + "-----";
        String end = "-----END " + type + "-----";
        int b = text.indexOf(begin);
        int e = text.indexOf(end);
        if (b < 0 || e < b) {
            throw new IllegalArgumentException("no " + begin + " block in " + file);
        }
        return Base64.getMimeDecoder().decode(text.substring(b + begin.length(), e));
    }
}
