package io.loadlab.cli;

import io.loadlab.core.Defaults;
import io.loadlab.core.model.ConcurrencyModel;
import io.loadlab.core.proc.StopSignal;
import io.loadlab.core.settings.SettingsJson;
import io.loadlab.core.unit.Size;
import io.loadlab.servers.RunningServer;
import io.loadlab.servers.ServerDefaults;
import io.loadlab.servers.ServerModel;
import io.loadlab.servers.ServerModels;
import io.loadlab.servers.ServerSpec;
import io.loadlab.transport.NettyTransport;
import java.io.PrintWriter;
import java.net.URI;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code loadlab serve MODEL}: builds a {@link ServerSpec} from the flags, starts the model, prints its effective
 * settings as ONE JSON line on stdout (everything else goes to stderr), and serves until SIGTERM or SIGINT, then
 * stops gracefully within {@link Defaults#GRACEFUL_STOP} and exits 0.
 */
@Command(
        name = "serve",
        mixinStandardHelpOptions = true,
        modelTransformer = ServeModelList.class,
        description = {
            "Start the server of one concurrency model. A reference model prints its effective settings as one"
                    + " JSON line on stdout (also served at GET /settings); a framework model runs its application"
                    + " (built on first use) with the flags it takes. SIGTERM stops it gracefully."
        })
final class ServeCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "MODEL", description = "The concurrency model (listed below).")
    String model;

    @Option(names = "--host", paramLabel = "ADDR", description = "Address to bind (default: ${DEFAULT-VALUE}).")
    String host = Defaults.HOST;

    @Option(
            names = "--port",
            paramLabel = "N",
            description = "Port to bind; 0 picks a free one, printed in the settings (default: ${DEFAULT-VALUE}).")
    int port = Defaults.PORT;

    @Option(names = "--backlog", paramLabel = "N", description = "Accept backlog (default: ${DEFAULT-VALUE}).")
    int backlog = Defaults.BACKLOG;

    @Option(
            names = "--backend-url",
            paramLabel = "URL",
            description = "Base URL of the slow backend (GET /backend calls URL/hello); none: /backend answers 502.")
    URI backendUrl;

    @Option(
            names = "--db-url",
            paramLabel = "URL",
            description = "PostgreSQL, as psql takes it (postgresql://user[:password]@host:port/db) or a JDBC URL;"
                    + " none: /zipcodes answers 503.")
    String dbUrl;

    @Option(
            names = "--db-pool",
            paramLabel = "N",
            description = "Database connections, the same for every model (default: ${DEFAULT-VALUE}).")
    int dbPool = ServerDefaults.DB_POOL;

    @Option(names = "--threads", paramLabel = "N", description = "worker threads (default: ${DEFAULT-VALUE}).")
    int threads = ServerDefaults.POOL_THREADS;

    @Option(
            names = "--queue",
            paramLabel = "N",
            description = "connections queued before 503 (default: ${DEFAULT-VALUE}).")
    int queue = ServerDefaults.POOL_QUEUE;

    @Option(names = "--max-threads", paramLabel = "N", description = "the container's maximum threads")
    Integer maxThreads;

    @Option(
            names = "--worker-threads",
            paramLabel = "N",
            description = "the blocking worker pool (--offload worker) (default: ${DEFAULT-VALUE}).")
    int workerThreads = ServerDefaults.WORKER_THREADS;

    @Option(
            names = "--offload",
            paramLabel = "MODE",
            description = "nonblocking (timer, async client, reactive DB) or worker (a worker pool blocks)"
                    + " (default: ${DEFAULT-VALUE}).")
    ServerSpec.Offload offload = ServerSpec.Offload.NONBLOCKING;

    @Option(
            names = "--event-loops",
            paramLabel = "N",
            description = "event-loop threads (default: the usable CPUs, here ${DEFAULT-VALUE}).")
    int eventLoops = ServerDefaults.eventLoops();

    @Option(
            names = "--transport",
            paramLabel = "NAME",
            description = "netty, vertx: the Netty transport of the event loops, " + NettyTransport.NAMES
                    + "; where this host cannot run it, the next one down runs and the settings say why"
                    + " (default: ${DEFAULT-VALUE}).")
    String transport = ServerDefaults.TRANSPORT.id();

    @Option(
            names = "--stack-size",
            paramLabel = "SIZE",
            description = "thread stack size such as 256KiB; 0 = the JVM's default" + " (default: ${DEFAULT-VALUE}).")
    String stackSize = ServerDefaults.STACK_SIZE.toString();

    @Option(
            names = "--http2",
            description = "serve HTTP/2 (h2c with prior knowledge) beside HTTP/1.1 on the same port (default:"
                    + " HTTP/1.1 only).")
    boolean http2;

    @Option(
            names = "--mode",
            paramLabel = "MODE",
            description = "async (a DeferredResult the worker pool completes) or sync (the container thread blocks"
                    + " on the worker's Future)")
    String mode;

    @Option(names = "--io-threads", paramLabel = "N", description = "I/O reactor threads")
    Integer ioThreads;

    @Option(
            names = "--http-client-connections",
            paramLabel = "N",
            description = "the most connections the HTTP client opens to the backend")
    Integer httpClientConnections;

    @Override
    public Integer call() throws Exception {
        ConcurrencyModel catalog = ConcurrencyModel.byId(model);
        if (!catalog.launch().reference()) {
            Map<String, String> given = new LinkedHashMap<>();
            for (OptionSpec o : spec.commandLine().getParseResult().matchedOptions()) {
                given.put(o.longestName().substring(2), String.valueOf((Object) o.getValue()));
            }
            return ServeApplication.run(catalog, this, given, spec.commandLine().getErr());
        }
        ServerModel m = ServerModels.of(catalog);
        ServerSpec s = ServeSpecs.build(this);
        PrintWriter err = spec.commandLine().getErr();
        StopSignal stop = StopSignal.install();
        RunningServer server = m.start(s);
        Thread hook = new Thread(server::close, "serve-shutdown");
        Runtime.getRuntime().addShutdownHook(hook); // other exits (SIGHUP, System.exit) still stop gracefully
        PrintWriter out = spec.commandLine().getOut();
        out.println(SettingsJson.write(server.settings()));
        out.flush();
        err.println("loadlab serve: " + model + " listening on http://" + host + ":" + server.port()
                + (http2 ? " (HTTP/1.1 and h2c)" : "")
                + " (SIGTERM or Ctrl-C stops it)");
        err.flush();
        stop.await();
        long t0 = System.nanoTime();
        server.close();
        err.println("loadlab serve: stopped in " + (System.nanoTime() - t0) / 1_000_000 + " ms");
        err.flush();
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException alreadyExiting) {
            // the JVM is shutting down anyway
        }
        return Main.EXIT_OK;
    }

    /** The stack size flag, parsed. */
    long stackSizeBytes() {
        return Size.parse(stackSize).bytes();
    }
}
