package io.loadlab.frameworks.httpcore;

import io.loadlab.frameworks.common.ContractText;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.List;
import org.apache.hc.core5.concurrent.FutureCallback;
import org.apache.hc.core5.http.EntityDetails;
import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.http.HttpRequest;
import org.apache.hc.core5.http.nio.AsyncRequestConsumer;
import org.apache.hc.core5.http.nio.CapacityChannel;
import org.apache.hc.core5.http.protocol.HttpContext;

/**
 * Reads a request on the I/O thread, as HttpCore's consumers do, bounded by the contract: a head that is refused
 * (malformed, headers over 8 KiB, a body declared over 1 MiB, which {@link BodyLimit} keeps HttpCore from waiting for)
 * completes at once; a chunked body completes as 413 as soon as it passes 1 MiB, and the rest is dropped.
 */
final class BodyConsumer implements AsyncRequestConsumer<Request> {
    private final ByteArrayOutputStream body = new ByteArrayOutputStream();
    private HttpRequest head;
    private FutureCallback<Request> done;

    @Override
    public void consumeRequest(
            HttpRequest request, EntityDetails entity, HttpContext context, FutureCallback<Request> callback) {
        head = request;
        Integer problem = Request.problemOf(request);
        if (problem != null || entity == null) {
            callback.completed(new Request(request, new byte[0], problem));
            return;
        }
        done = callback;
    }

    @Override
    public void updateCapacity(CapacityChannel channel) throws java.io.IOException {
        channel.update(Integer.MAX_VALUE);
    }

    @Override
    public void consume(ByteBuffer src) {
        if (done == null) {
            src.position(src.limit()); // answered already: drop the rest
            return;
        }
        int n = src.remaining();
        if (body.size() + (long) n > ContractText.MAX_BODY_BYTES) {
            src.position(src.limit());
            complete(413);
            return;
        }
        byte[] chunk = new byte[n];
        src.get(chunk);
        body.writeBytes(chunk);
    }

    @Override
    public void streamEnd(List<? extends Header> trailers) {
        if (done != null) {
            complete(null);
        }
    }

    private void complete(Integer problem) {
        FutureCallback<Request> callback = done;
        done = null;
        callback.completed(new Request(head, problem == null ? body.toByteArray() : new byte[0], problem));
    }

    @Override
    public void failed(Exception cause) {
        if (done != null) {
            FutureCallback<Request> callback = done;
            done = null;
            callback.failed(cause);
        }
    }

    @Override
    public void releaseResources() {
        // nothing held
    }
}
