package io.loadlab.frameworks.httpcore;

import io.loadlab.frameworks.common.ContractText;
import java.net.URI;
import java.net.URISyntaxException;
import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.http.HttpHeaders;
import org.apache.hc.core5.http.HttpRequest;

/**
 * A request as the contract routes it: its head, its body (at most 1 MiB), and what the reading found wrong.
 *
 * @param problem null, or the status the request is refused with before routing (400, 413, 431)
 */
record Request(HttpRequest head, byte[] body, Integer problem) {
    /** The method a request line that is not HTTP is given by {@link LenientLineParser}. */
    static final String NOT_HTTP = "NOT-HTTP";
    /** The header a line without a colon is given by {@link LenientLineParser}. */
    static final String BAD_HEADER = "X-Loadlab-Malformed";

    /** The head's own problem, or null: a line that was not HTTP, headers over 8 KiB, a body declared over 1 MiB. */
    static Integer problemOf(HttpRequest head) {
        if (head.getMethod().equals(NOT_HTTP) || head.containsHeader(BAD_HEADER)) {
            return 400;
        }
        if (declaredLength(head) > ContractText.MAX_BODY_BYTES) {
            return 413;
        }
        int bytes = 0;
        for (Header h : head.getHeaders()) {
            bytes += h.getName().length() + 2 + (h.getValue() == null ? 0 : h.getValue().length()) + 2;
        }
        return bytes > ContractText.MAX_HEADER_BYTES ? 431 : null;
    }

    /** The {@code Content-Length} the head declares, or -1. */
    static long declaredLength(HttpRequest head) {
        Header h = head.getFirstHeader(HttpHeaders.CONTENT_LENGTH);
        try {
            return h == null ? -1 : Long.parseLong(h.getValue().trim());
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /** The path without its query. */
    String path() {
        String p = head.getPath();
        int q = p.indexOf('?');
        return q < 0 ? p : p.substring(0, q);
    }

    /** The raw query string, or null. */
    String query() {
        try {
            return new URI(head.getPath()).getRawQuery();
        } catch (URISyntaxException e) {
            return null;
        }
    }
}
