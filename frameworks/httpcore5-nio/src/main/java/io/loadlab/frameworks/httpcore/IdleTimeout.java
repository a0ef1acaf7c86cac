package io.loadlab.frameworks.httpcore;

import org.apache.hc.core5.http.EndpointDetails;
import org.apache.hc.core5.http.HttpConnection;
import org.apache.hc.core5.http.HttpRequest;
import org.apache.hc.core5.http.HttpResponse;
import org.apache.hc.core5.http.impl.Http1StreamListener;
import org.apache.hc.core5.util.Timeout;

/**
 * Makes the I/O reactor's socket timeout ({@code IOReactorConfig.soTimeout}) an idle timeout. HttpCore closes a
 * connection whose socket has been silent that long even while it works on a request, so a {@code /delay} longer
 * than the timeout would be cut off; this listener lifts the timeout when a request head is read and sets it again
 * once the connection has answered every request it read. Called on the connection's I/O thread.
 */
final class IdleTimeout implements Http1StreamListener {
    private final Timeout idle;

    IdleTimeout(Timeout idle) {
        this.idle = idle;
    }

    @Override
    public void onRequestHead(HttpConnection connection, HttpRequest request) {
        connection.setSocketTimeout(Timeout.DISABLED);
    }

    @Override
    public void onResponseHead(HttpConnection connection, HttpResponse response) {
        // the exchange goes on until its last byte is written
    }

    @Override
    public void onExchangeComplete(HttpConnection connection, boolean keepAlive) {
        EndpointDetails counts = connection.getEndpointDetails();
        if (keepAlive && counts.getRequestCount() <= counts.getResponseCount()) { // no pipelined request waits
            connection.setSocketTimeout(idle);
        }
    }
}
