package io.loadlab.servers.blocking;

import io.loadlab.core.settings.Limit;
import io.loadlab.core.settings.ServerSettings;
import io.loadlab.servers.ServerSpec;

/**
 * The thread-per-connection code with a virtual thread per connection: the same blocking calls, but a thread that
 * sleeps, reads a socket or waits on the backend unmounts from its carrier instead of holding a kernel thread.
 * (JDBC waits inside a pool's lock may still pin a carrier on Java 21.)
 */
final class VirtualThreadsServer extends BlockingServer {
    private final Thread.Builder threads = Thread.ofVirtual().name("connection-", 0);

    VirtualThreadsServer(ServerSpec spec) {
        super(spec);
    }

    @Override
    void dispatch(BlockingConnection c) {
        threads.start(c);
    }

    @Override
    void modelSettings(ServerSettings.Builder b) {
        b.threads(new ServerSettings.Threads("virtual-thread", Limit.UNLIMITED, 0, ACCEPT_THREADS, Limit.of(0)))
                .own(
                        "carrier_threads",
                        Integer.getInteger(
                                "jdk.virtualThreadScheduler.parallelism",
                                Runtime.getRuntime().availableProcessors()));
    }
}
