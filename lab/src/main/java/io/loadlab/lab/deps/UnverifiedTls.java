package io.loadlab.lab.deps;

import java.net.Socket;
import java.security.GeneralSecurityException;
import java.security.cert.X509Certificate;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509ExtendedTrustManager;

/**
 * TLS that encrypts without verifying the server's certificate, for the lab's own probes (health, validation): the
 * servers it starts present a throwaway certificate it made for the run, and a benchmark target's certificate is not
 * what the lab is there to check — as wrk does not.
 */
public final class UnverifiedTls {
    private UnverifiedTls() {}

    private static final SSLContext CONTEXT = make();

    public static SSLContext context() {
        return CONTEXT;
    }

    private static SSLContext make() {
        try {
            SSLContext ctx = SSLContext.getInstance("TLS");
            ctx.init(null, new TrustManager[] {new TrustAny()}, null);
            return ctx;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("this JDK has no TLS: " + e.getMessage(), e);
        }
    }

    /**
     * Trusts every chain. An extended trust manager, because the JDK checks the host name inside the extended
     * methods: one that checks nothing skips that too.
     */
    private static final class TrustAny extends X509ExtendedTrustManager {
        @Override
        public void checkClientTrusted(X509Certificate[] chain, String auth) {}

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String auth) {}

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String auth, Socket s) {}

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String auth, Socket s) {}

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String auth, SSLEngine e) {}

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String auth, SSLEngine e) {}

        @Override
        public X509Certificate[] getAcceptedIssuers() {
            return new X509Certificate[0];
        }
    }
}
