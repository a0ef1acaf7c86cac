package io.loadlab.postgres;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.spec.ECGenParameterSpec;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Base64;

/**
 * A throwaway self-signed TLS certificate for the embedded PostgreSQL ({@code ssl=on}), made with the JDK alone: an
 * EC P-256 key pair and an X.509 v1 certificate whose DER is written here by hand (the JDK has no public API to
 * build one, and the lab has no BouncyCastle). Clients cannot verify it against any authority: they connect with
 * {@code sslmode=require}, which encrypts without checking the certificate, the same as the case study's
 * {@code trust-all=true} against its self-signed MySQL certificate.
 */
public final class SelfSignedCertificate {
    private static final byte[] OID_EC_PUBLIC_KEY = {0x2a, (byte) 0x86, 0x48, (byte) 0xce, 0x3d, 0x02, 0x01};
    private static final byte[] OID_ECDSA_SHA256 = {0x2a, (byte) 0x86, 0x48, (byte) 0xce, 0x3d, 0x04, 0x03, 0x02};
    private static final byte[] OID_COMMON_NAME = {0x55, 0x04, 0x03};
    private static final DateTimeFormatter UTC_TIME = DateTimeFormatter.ofPattern("yyMMddHHmmss'Z'");

    private final byte[] certificate;
    private final byte[] privateKey;

    private SelfSignedCertificate(byte[] certificate, byte[] privateKey) {
        this.certificate = certificate;
        this.privateKey = privateKey;
    }

    /** A new key pair and a certificate for {@code commonName}, valid from yesterday for ten years. */
    public static SelfSignedCertificate generate(String commonName) {
        try {
            KeyPairGenerator g = KeyPairGenerator.getInstance("EC");
            g.initialize(new ECGenParameterSpec("secp256r1"), new SecureRandom());
            KeyPair kp = g.generateKeyPair();
            byte[] algorithm = seq(oid(OID_ECDSA_SHA256));
            byte[] name = seq(set(seq(oid(OID_COMMON_NAME), tlv(0x0c, commonName.getBytes(StandardCharsets.UTF_8)))));
            ZonedDateTime now = ZonedDateTime.now(ZoneOffset.UTC).withNano(0);
            byte[] validity = seq(utcTime(now.minusDays(1)), utcTime(now.plusYears(10)));
            byte[] serial = tlv(
                    0x02,
                    new BigInteger(63, new SecureRandom()).add(BigInteger.ONE).toByteArray());
            // X.509 v1 (no version field, no extensions): all PostgreSQL's server side needs
            byte[] tbs =
                    seq(serial, algorithm, name, validity, name, kp.getPublic().getEncoded());
            Signature s = Signature.getInstance("SHA256withECDSA");
            s.initSign(kp.getPrivate());
            s.update(tbs);
            byte[] sig = s.sign();
            byte[] bitString = new byte[sig.length + 1]; // leading 0: no unused bits
            System.arraycopy(sig, 0, bitString, 1, sig.length);
            byte[] cert = seq(tbs, algorithm, tlv(0x03, bitString));
            return new SelfSignedCertificate(cert, kp.getPrivate().getEncoded());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("this JDK cannot make an EC P-256 key: " + e.getMessage(), e);
        }
    }

    /** The certificate, DER. */
    public byte[] certificateDer() {
        return certificate.clone();
    }

    /** {@code -----BEGIN CERTIFICATE-----}. */
    public String certificatePem() {
        return pem("CERTIFICATE", certificate);
    }

    /** The private key as PKCS#8 {@code -----BEGIN PRIVATE KEY-----}, which OpenSSL (and so PostgreSQL) reads. */
    public String privateKeyPem() {
        return pem("PRIVATE KEY", privateKey);
    }

    /** Writes the certificate and the key (mode 0600, as PostgreSQL demands of a key it owns). */
    public void write(Path cert, Path key) throws IOException {
        Files.writeString(cert, certificatePem(), StandardCharsets.US_ASCII);
        Files.deleteIfExists(key);
        Files.createFile(key, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        Files.writeString(key, privateKeyPem(), StandardCharsets.US_ASCII);
    }

    private static String pem(String type, byte[] der) {
        return "-----BEGIN " + type + "-----\n"
                + Base64.getMimeEncoder(64, new byte[] {'\n'}).encodeToString(der)
                + "\n-----END " + type + "-----\n";
    }

    private static byte[] utcTime(ZonedDateTime t) {
        return tlv(0x17, UTC_TIME.format(t).getBytes(StandardCharsets.US_ASCII));
    }

    private static byte[] oid(byte[] encoded) {
        return tlv(0x06, encoded);
    }

    private static byte[] seq(byte[]... parts) {
        return tlv(0x30, concat(parts));
    }

    private static byte[] set(byte[]... parts) {
        return tlv(0x31, concat(parts));
    }

    private static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            out.writeBytes(p);
        }
        return out.toByteArray();
    }

    /** DER tag, definite length, value. */
    static byte[] tlv(int tag, byte[] value) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(value.length + 6);
        out.write(tag);
        int n = value.length;
        if (n < 0x80) {
            out.write(n);
        } else {
            int bytes = n < 0x100 ? 1 : n < 0x10000 ? 2 : n < 0x1000000 ? 3 : 4;
            out.write(0x80 | bytes);
            for (int i = bytes - 1; i >= 0; i--) {
                out.write((n >>> (8 * i)) & 0xff);
            }
        }
        out.writeBytes(value);
        return out.toByteArray();
    }
}
