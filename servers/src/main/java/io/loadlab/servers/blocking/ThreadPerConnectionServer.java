package io.loadlab.servers.blocking;

import io.loadlab.servers.ServerSpec;
import java.util.Map;

/**
 * A new platform thread for every accepted connection, serving it until it closes: no queue and no limit, so ten
 * thousand connections are ten thousand kernel threads and their stacks ({@code --stack-size}, 0 = the JVM's
 * default).
 */
final class ThreadPerConnectionServer extends BlockingServer {
    private final Thread.Builder threads;

    ThreadPerConnectionServer(ServerSpec spec) {
        super(spec);
        Thread.Builder.OfPlatform b = Thread.ofPlatform().name("connection-", 0);
        if (spec.stackSizeBytes() > 0) {
            b.stackSize(spec.stackSizeBytes());
        }
        threads = b;
    }

    @Override
    void dispatch(BlockingConnection c) {
        try {
            threads.start(c);
        } catch (OutOfMemoryError e) { // "unable to create native thread": drop this client, keep the others
            BlockingConnection.closeQuietly(c.socket());
            rejected(c);
        }
    }

    @Override
    Map<String, Object> modelSettings() {
        return map(
                "threads",
                "one platform thread per connection, unbounded",
                "stack_size_bytes",
                spec.stackSizeBytes(),
                "stack_size",
                spec.stackSizeBytes() == 0 ? "JVM default" : spec.stackSizeBytes() + "B");
    }
}
