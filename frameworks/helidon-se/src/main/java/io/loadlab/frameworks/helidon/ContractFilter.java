package io.loadlab.frameworks.helidon;

import io.loadlab.frameworks.common.ContractText;
import io.helidon.http.Header;
import io.helidon.http.HeaderNames;
import io.helidon.http.HeaderValues;
import io.helidon.webserver.CloseConnectionException;
import io.helidon.webserver.http.Filter;
import io.helidon.webserver.http.FilterChain;
import io.helidon.webserver.http.RoutingRequest;
import io.helidon.webserver.http.RoutingResponse;

/**
 * What the contract asks of every request that Helidon SE 4.5.0 does not do itself. It sets {@code Server: loadlab}.
 * It answers headers over 8 KiB with 431 and closes: Helidon's own header limit answers a bare 400, so its limit stays
 * at its default (16 KiB) and this one applies the contract's. And it closes the connection after an answer that says
 * {@code Connection: close}, which Helidon 4.4 to 4.5.3 announce but do not do (helidon-io/helidon#12324).
 */
final class ContractFilter implements Filter {
    @Override
    public void filter(FilterChain chain, RoutingRequest req, RoutingResponse res) {
        res.header(HeaderNames.SERVER, ContractText.SERVER);
        if (headerBytes(req) > ContractText.MAX_HEADER_BYTES) {
            Answers.errorAndClose(res, 431, ContractText.HEADERS_TOO_LARGE);
            throw new CloseConnectionException(ContractText.HEADERS_TOO_LARGE);
        }
        chain.proceed();
        boolean close = req.headers().contains(HeaderValues.CONNECTION_CLOSE)
                || res.headers().contains(HeaderValues.CONNECTION_CLOSE);
        if (close && res.isSent()) {
            throw new CloseConnectionException("Connection: close");
        }
    }

    /** The request's header block as sent: each {@code name: value} line with its CRLF. */
    private static int headerBytes(RoutingRequest req) {
        int n = 0;
        for (Header h : req.headers()) {
            for (String v : h.allValues()) {
                n += h.name().length() + 2 + v.length() + 2;
            }
        }
        return n;
    }
}
