package io.loadlab.servers.blocking;

import io.loadlab.core.Defaults;
import io.loadlab.core.UserError;
import io.loadlab.core.settings.ServerSettings;
import io.loadlab.core.settings.SettingsJson;
import io.loadlab.servers.ReferenceSettings;
import io.loadlab.servers.RunningServer;
import io.loadlab.servers.ServerSpec;
import io.loadlab.servers.domain.ZipCodeStore;
import io.loadlab.servers.runtime.Drain;
import java.io.IOException;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A blocking-socket server: one accept thread on a {@link ServerSocket}, each accepted connection handed to the
 * thread strategy of the subclass ({@link #dispatch}), which serves it with {@link BlockingConnection} until it
 * closes. Everything else — codec, handler, dependencies, graceful stop — is shared, so that the four blocking models
 * differ only in which thread serves a connection.
 *
 * <p>{@link #close()}: stops accepting, closes connections waiting for a request, lets requests being answered
 * finish (with {@code Connection: close}) for up to {@link Defaults#GRACEFUL_STOP} less a second, then closes the
 * rest.
 */
abstract class BlockingServer implements RunningServer {
    /** What serves the blocking models, as their settings name it. */
    static final String SERVER = "loadlab blocking HTTP/1.1 on java.net.ServerSocket";

    private static final long STOP_MARGIN_NANOS = 1_000_000_000L;

    protected final ServerSpec spec;
    private final ServerSocket serverSocket;
    private final Set<BlockingConnection> connections = ConcurrentHashMap.newKeySet();
    private ZipCodeStore store;
    private BlockingBackendClient backend;
    private BlockingHandler handler;
    private ServerSettings settings;
    private Thread acceptor;
    private volatile boolean closing;

    BlockingServer(ServerSpec spec) {
        this.spec = spec;
        this.serverSocket = bind(spec);
    }

    private static ServerSocket bind(ServerSpec spec) {
        ServerSocket s = null;
        try {
            // TLS: the handshake runs on the connection's thread, at its first read, never on the accept thread
            s = spec.tls() == null
                    ? new ServerSocket()
                    : spec.tls().sslContext().getServerSocketFactory().createServerSocket();
            s.setReuseAddress(true);
            s.bind(new InetSocketAddress(spec.host(), spec.port()), spec.backlog());
            return s;
        } catch (BindException e) {
            closeQuietly(s);
            throw new UserError("port " + spec.port() + " on " + spec.host()
                    + " is in use; choose another with --port (0 picks a free one)");
        } catch (IOException e) {
            closeQuietly(s);
            throw new UserError("cannot listen on " + spec.host() + ":" + spec.port() + ": " + e.getMessage());
        }
    }

    /** Opens the dependencies, then starts accepting. Called once by the model. */
    final BlockingServer start() {
        try {
            backend = BlockingDependencies.backend(spec, backendMaxIdle());
            store = BlockingDependencies.store(spec);
        } catch (RuntimeException e) {
            closeQuietly(serverSocket);
            if (backend != null) {
                backend.close();
            }
            throw e;
        }
        handler = new BlockingHandler(store, backend);
        ServerSettings.Builder b = ReferenceSettings.begin(spec, port(), SERVER)
                .database(ReferenceSettings.database(
                        spec, ReferenceSettings.JDBC, store == null ? null : store.serverVersion()))
                .backendClient(ReferenceSettings.backendClient(
                        spec, "blocking, pooled keep-alive, max idle " + backendMaxIdle()));
        modelSettings(b);
        settings = b.build();
        handler.settings(SettingsJson.write(settings).getBytes(StandardCharsets.UTF_8));
        acceptor = acceptThread(this::acceptLoop);
        acceptor.start();
        return this;
    }

    /** The accept thread (it does not start it). */
    Thread acceptThread(Runnable loop) {
        return Thread.ofPlatform().name(spec.model() + "-accept").unstarted(loop);
    }

    /** The model's own settings: its threads, and its own knobs (queue, stack size). */
    abstract void modelSettings(ServerSettings.Builder b);

    /**
     * Idle backend connections worth keeping: about the threads that may call it at once. Unbounded thread models keep
     * up to the backend connection cap: closing idle connections past a smaller number reopens them under load.
     */
    int backendMaxIdle() {
        return spec.backendConnections();
    }

    /**
     * Hands an accepted, registered connection to a thread. Runs on the accept thread; may serve the connection on
     * it (single-thread).
     */
    abstract void dispatch(BlockingConnection c);

    /** Releases the strategy's threads once no connection is left (or the deadline passed). */
    void stopThreads(long deadlineNanos) {}

    private void acceptLoop() {
        while (!closing) {
            Socket s;
            try {
                s = serverSocket.accept();
            } catch (IOException e) {
                if (closing) {
                    return;
                }
                pause(); // e.g. too many open files: keep serving the connections we have, retry shortly
                continue;
            }
            BlockingConnection c = new BlockingConnection(s, this);
            connections.add(c);
            if (closing) {
                c.forceClose();
                connections.remove(c);
                return;
            }
            dispatch(c);
        }
    }

    private static void pause() {
        try {
            Thread.sleep(10);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    final BlockingHandler handler() {
        return handler;
    }

    final boolean closing() {
        return closing;
    }

    final void closed(BlockingConnection c) {
        connections.remove(c);
    }

    /** Forgets a connection that the strategy refused without serving it. */
    final void rejected(BlockingConnection c) {
        connections.remove(c);
    }

    @Override
    public final int port() {
        return serverSocket.getLocalPort();
    }

    @Override
    public final ServerSettings settings() {
        return settings;
    }

    @Override
    public final void close() {
        if (closing) {
            return;
        }
        closing = true;
        long deadline = System.nanoTime() + Defaults.GRACEFUL_STOP.nanos() - STOP_MARGIN_NANOS;
        closeQuietly(serverSocket);
        for (BlockingConnection c : connections) {
            c.closeIfIdle();
        }
        Drain.await(connections, deadline, BlockingConnection::closeIfIdle);
        for (BlockingConnection c : connections) {
            c.forceClose();
        }
        stopThreads(deadline);
        try {
            acceptor.join(Math.max(1, (deadline - System.nanoTime()) / 1_000_000));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (backend != null) {
            backend.close();
        }
        if (store != null) {
            store.close();
        }
    }

    private static void closeQuietly(ServerSocket s) {
        if (s != null) {
            try {
                s.close();
            } catch (IOException ignored) {
                // nothing left to release
            }
        }
    }

    /** The accept thread, which only accepts (single-thread serves on it, and counts it as its one thread). */
    static final int ACCEPT_THREADS = 1;
}
