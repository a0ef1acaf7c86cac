package io.loadlab.testkit.contract;

import io.loadlab.postgres.RunningPostgres;

/**
 * A started server under contract test: where it listens, what it should report, and the dependencies it was
 * started with (null when it was started without them). {@link #close} stops it gracefully, as its owner does.
 *
 * @param model the name its {@code /settings} reports as {@code model}
 * @param host the address it listens on
 * @param port the port it listens on
 * @param pid the process that serves it (this one for a server started in-process)
 * @param backend the fake backend it calls, or null
 * @param db the PostgreSQL it stores zip codes in, or null
 * @param concurrentConnections false for a server that serves one connection at a time (single-thread)
 * @param stop stops the server; waits for requests in flight
 */
public record ContractTarget(
        String model,
        String host,
        int port,
        long pid,
        FakeBackend backend,
        RunningPostgres db,
        boolean concurrentConnections,
        AutoCloseable stop)
        implements AutoCloseable {

    /** A server started in this process on 127.0.0.1, serving connections concurrently. */
    public static ContractTarget inProcess(
            String model, int port, FakeBackend backend, RunningPostgres db, AutoCloseable stop) {
        return new ContractTarget(
                model, "127.0.0.1", port, ProcessHandle.current().pid(), backend, db, true, stop);
    }

    /** The same server, known to serve one connection at a time. */
    public ContractTarget oneConnectionAtATime() {
        return new ContractTarget(model, host, port, pid, backend, db, false, stop);
    }

    /** {@code http://host:port}. */
    public String baseUrl() {
        return "http://" + host + ":" + port;
    }

    @Override
    public void close() throws Exception {
        stop.close();
    }
}
