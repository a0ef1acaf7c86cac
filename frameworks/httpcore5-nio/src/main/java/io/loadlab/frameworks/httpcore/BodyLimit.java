package io.loadlab.frameworks.httpcore;

import io.loadlab.frameworks.common.ContractText;
import org.apache.hc.core5.http.ContentLengthStrategy;
import org.apache.hc.core5.http.HttpException;
import org.apache.hc.core5.http.HttpMessage;
import org.apache.hc.core5.http.impl.DefaultContentLengthStrategy;

/**
 * HttpCore's incoming content-length strategy, except that a body declared over the contract's 1 MiB counts as no
 * body: the request is complete at its head, so that its 413 closes the connection at once (HttpCore closes a
 * connection only once both the request and the answer are complete) instead of waiting for a body never read.
 */
final class BodyLimit implements ContentLengthStrategy {
    @Override
    public long determineLength(HttpMessage message) throws HttpException {
        long n = DefaultContentLengthStrategy.INSTANCE.determineLength(message);
        return n > ContractText.MAX_BODY_BYTES ? 0 : n;
    }
}
