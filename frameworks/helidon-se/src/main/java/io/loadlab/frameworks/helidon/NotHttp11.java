package io.loadlab.frameworks.helidon;

import io.loadlab.frameworks.common.ContractText;
import io.helidon.common.buffers.BufferData;
import io.helidon.common.concurrency.limits.Limit;
import io.helidon.webserver.ConnectionContext;
import io.helidon.webserver.spi.ServerConnection;
import io.helidon.webserver.spi.ServerConnectionSelector;
import java.time.Duration;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Set;
import java.util.concurrent.Semaphore;

/**
 * The connections Helidon's HTTP/1 selector does not take: it takes only a first line ending in {@code HTTP/1.1}
 * and closes any other connection without a word. This one answers them as the contract says instead: a first line
 * that is not HTTP at all is 400 {@code malformed request}; HTTP/1.0, which Helidon SE 4 does not speak, is 505.
 * Either way the connection closes.
 */
final class NotHttp11 implements ServerConnectionSelector {
    /** Helidon's own limit on the first line. */
    private static final int MAX_PROLOGUE = 2048;

    static final String HTTP_10 = "HTTP/1.0 is not spoken by Helidon SE 4";

    @Override
    public int bytesToIdentifyConnection() {
        return 0;
    }

    @Override
    public Support supports(BufferData data) {
        int lf = data.indexOf((byte) '\n');
        if (lf < 0) {
            return data.available() > MAX_PROLOGUE ? Support.SUPPORTED : Support.UNKNOWN;
        }
        String line = data.readString(lf);
        return line.endsWith(" HTTP/1.1\r") ? Support.UNSUPPORTED : Support.SUPPORTED;
    }

    @Override
    public Set<String> supportedApplicationProtocols() {
        return Set.of();
    }

    @Override
    public ServerConnection connection(ConnectionContext ctx) {
        return new Refusal(ctx);
    }

    /** Reads the first line, answers it once, and is done. */
    private static final class Refusal implements ServerConnection {
        private final ConnectionContext ctx;

        Refusal(ConnectionContext ctx) {
            this.ctx = ctx;
        }

        @SuppressWarnings("removal") // still abstract in Helidon 4.5: implemented as the Limit variant
        @Override
        public void handle(Semaphore requestSemaphore) {
            answer();
        }

        @Override
        public void handle(Limit limit) {
            answer();
        }

        private void answer() {
            String line;
            try {
                line = ctx.dataReader().readLine();
            } catch (RuntimeException e) {
                line = ""; // no line end within what was sent: not HTTP
            }
            boolean http10 = line.endsWith(" HTTP/1.0");
            String body = ContractText.errorJson(http10 ? HTTP_10 : ContractText.MALFORMED_REQUEST);
            String head = (http10 ? "HTTP/1.1 505 HTTP Version Not Supported" : "HTTP/1.1 400 Bad Request")
                    + "\r\nServer: " + ContractText.SERVER
                    + "\r\nDate: " + DateTimeFormatter.RFC_1123_DATE_TIME.format(ZonedDateTime.now(ZoneOffset.UTC))
                    + "\r\nContent-Type: " + ContractText.APPLICATION_JSON
                    + "\r\nContent-Length: " + ContractText.utf8(body).length
                    + "\r\nConnection: close\r\n\r\n";
            ctx.dataWriter().writeNow(BufferData.create(ContractText.utf8(head + body)));
        }

        @Override
        public Duration idleTime() {
            return Duration.ZERO;
        }

        @Override
        public void close(boolean interrupt) {
            // nothing held: the answer is written at once
        }
    }
}
