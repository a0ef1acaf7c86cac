package io.loadlab.cli;

import io.loadlab.core.UserError;
import io.loadlab.servers.ServerSpec;
import io.loadlab.transport.NettyTransport;

/** Builds the one {@link ServerSpec} of {@code loadlab serve} from its flags, rejecting impossible values. */
final class ServeSpecs {
    private ServeSpecs() {}

    static ServerSpec build(ServeCommand c) {
        positive("--threads", c.threads);
        positive("--queue", c.queue);
        positive("--db-pool", c.dbPool);
        if (c.maxThreads != null) {
            positive("--max-threads", c.maxThreads);
        }
        positive("--worker-threads", c.workerThreads);
        positive("--event-loops", c.eventLoops);
        positive("--backlog", c.backlog);
        if (c.port < 0 || c.port > 65535) {
            throw new UserError("--port must be from 0 to 65535, got " + c.port);
        }
        long stack;
        try {
            stack = c.stackSizeBytes();
        } catch (IllegalArgumentException e) {
            throw new UserError("--stack-size: " + e.getMessage());
        }
        ServerSpec.Builder b = ServerSpec.builder(c.model);
        if (c.maxThreads != null) {
            b.maxThreads(c.maxThreads);
        }
        return b.host(c.host)
                .port(c.port)
                .backlog(c.backlog)
                .backendUrl(c.backendUrl)
                .db(c.dbUrl, null, null)
                .dbPool(c.dbPool)
                .threads(c.threads)
                .queue(c.queue)
                .workerThreads(c.workerThreads)
                .offload(c.offload)
                .eventLoops(c.eventLoops)
                .transport(NettyTransport.parse(c.transport))
                .http2(c.http2)
                .stackSizeBytes(stack)
                .build();
    }

    private static void positive(String flag, int v) {
        if (v < 1) {
            throw new UserError(flag + " must be at least 1, got " + v);
        }
    }
}
