package io.loadlab.servers.blocking;

import io.loadlab.core.settings.Limit;
import io.loadlab.core.settings.ServerSettings;
import io.loadlab.servers.ServerSpec;

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
    void modelSettings(ServerSettings.Builder b) {
        b.threads(new ServerSettings.Threads("thread-per-connection", Limit.UNLIMITED, 0, ACCEPT_THREADS, Limit.of(0)))
                .own("stack_size", spec.stackSizeBytes() == 0 ? "JVM default" : spec.stackSizeBytes() + "B");
    }
}
