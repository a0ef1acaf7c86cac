package io.loadlab.servers;

import io.loadlab.core.Defaults;
import io.loadlab.core.model.ConcurrencyModel;
import io.loadlab.servers.runtime.BackendConnections;
import io.loadlab.servers.runtime.ServerTls;
import io.loadlab.transport.NettyTransport;
import java.net.URI;

/**
 * Everything a server model needs to start: the command line fills it, the model never reads arguments or system
 * properties. Knobs a model does not use are ignored by it (and left out of its reported settings).
 *
 * @param model the model of the catalog (its id in JSON, e.g. {@code thread-pool})
 * @param host address to bind
 * @param port port to bind; 0 picks a free one
 * @param backlog accept backlog
 * @param backendUrl base URL of the slow backend ({@code GET /backend} calls {@code backendUrl + /hello}); null: not
 *     configured, {@code /backend} answers 502
 * @param dbUrl JDBC URL of PostgreSQL; null: not configured, {@code /zipcodes} answers 503
 * @param dbUser database user (may be null when in the URL)
 * @param dbPassword database password (may be null)
 * @param dbPool database connections (the same for every model)
 * @param threads worker threads of the thread-pool model
 * @param queue queue length of the thread-pool model before 503
 * @param maxThreads Jetty container threads of the servlet models; 0 (servlet-async's default): {@link
 *     ServerDefaults#asyncContainerThreads()} where the server runs, see {@link #containerThreads()}
 * @param workerThreads worker pool of servlet-async with offload=worker
 * @param offload servlet-async: {@code nonblocking} or {@code worker}
 * @param eventLoops event loops of netty and vertx; 0 (the default): the CPUs the server's process may run on, see
 *     {@link #loops()}
 * @param stackSizeBytes thread-per-connection stack size; 0 = JVM default
 * @param backendConnections the most connections the server opens to the backend at once; calls beyond wait for one
 *     (default: {@link io.loadlab.servers.runtime.BackendConnections#forThisProcess()})
 * @param tls HTTPS with this certificate and key; null: plain HTTP
 * @param http2 serve HTTP/2 besides HTTP/1.1 on the same port: h2c with prior knowledge on plain HTTP, h2 by ALPN
 *     over TLS ({@link #protocol()}); only the models of {@link ServerModels#HTTP2} can
 * @param transport netty's and vertx's Netty transport (null: {@link ServerDefaults#TRANSPORT}); where this host cannot
 *     run it, the next one down runs and the settings say why ({@code transport_note})
 */
public record ServerSpec(
        ConcurrencyModel model,
        String host,
        int port,
        int backlog,
        URI backendUrl,
        String dbUrl,
        String dbUser,
        String dbPassword,
        int dbPool,
        int threads,
        int queue,
        int maxThreads,
        int workerThreads,
        Offload offload,
        int eventLoops,
        long stackSizeBytes,
        int backendConnections,
        ServerTls tls,
        boolean http2,
        NettyTransport transport)
        implements ConcurrencyModel.Knobs {

    public ServerSpec {
        transport = transport == null ? ServerDefaults.TRANSPORT : transport;
        if (http2) {
            ServerModels.requireHttp2(model, tls == null ? "h2c" : "h2");
        }
    }

    /** The protocol served, as the settings report it: {@code http/1.1}, {@code h2c} or {@code h2}. */
    public String protocol() {
        return !http2 ? "http/1.1" : tls == null ? "h2c" : "h2";
    }

    /**
     * The event loops to run: {@code eventLoops}, or when 0 the CPUs this process may run on. Resolved where the
     * server runs, not where the spec was built: the lab builds it on every CPU and pins the server to fewer, and two
     * loops sharing one pinned core switch between each other for nothing.
     */
    public int loops() {
        return eventLoops > 0 ? eventLoops : ServerDefaults.eventLoops();
    }

    /** Jetty's container threads: {@code maxThreads}, or when 0 servlet-async's default, resolved where it runs. */
    public int containerThreads() {
        return maxThreads > 0 ? maxThreads : ServerDefaults.asyncContainerThreads();
    }

    @Override
    public boolean offloadsToWorkers() {
        return offload == Offload.WORKER;
    }

    /** How servlet-async releases its container thread while waiting. */
    public enum Offload {
        /** Timers, an async HTTP client and the reactive database client: no thread waits. */
        NONBLOCKING,
        /** A bounded worker pool blocks instead (as Spring's DeferredResult completed by an executor did). */
        WORKER
    }

    public static Builder builder(ConcurrencyModel model) {
        return new Builder(model);
    }

    /** A builder for the model of this id; a {@link io.loadlab.core.UserError} listing the models when none. */
    public static Builder builder(String model) {
        return new Builder(ConcurrencyModel.byId(model));
    }

    /** Defaults from {@link io.loadlab.core.Defaults}. */
    public static final class Builder {
        private final ConcurrencyModel model;
        private String host = Defaults.HOST;
        private int port = Defaults.PORT;
        private int backlog = Defaults.BACKLOG;
        private URI backendUrl;
        private String dbUrl;
        private String dbUser;
        private String dbPassword;
        private int dbPool = ServerDefaults.DB_POOL;
        private int threads = ServerDefaults.POOL_THREADS;
        private int queue = ServerDefaults.POOL_QUEUE;
        private int maxThreads;
        private int workerThreads = ServerDefaults.WORKER_THREADS;
        private Offload offload = Offload.NONBLOCKING;
        private int eventLoops;
        private long stackSizeBytes = ServerDefaults.STACK_SIZE.bytes();
        private int backendConnections = BackendConnections.forThisProcess();
        private ServerTls tls;
        private boolean http2;
        private NettyTransport transport;

        private Builder(ConcurrencyModel model) {
            this.model = model;
            this.maxThreads = model == ConcurrencyModel.SERVLET_ASYNC ? 0 : ServerDefaults.SERVLET_MAX_THREADS;
        }

        public Builder host(String v) {
            host = v;
            return this;
        }

        public Builder port(int v) {
            port = v;
            return this;
        }

        public Builder backlog(int v) {
            backlog = v;
            return this;
        }

        public Builder backendUrl(URI v) {
            backendUrl = v;
            return this;
        }

        public Builder db(String url, String user, String password) {
            dbUrl = url;
            dbUser = user;
            dbPassword = password;
            return this;
        }

        public Builder dbPool(int v) {
            dbPool = v;
            return this;
        }

        public Builder threads(int v) {
            threads = v;
            return this;
        }

        public Builder queue(int v) {
            queue = v;
            return this;
        }

        public Builder maxThreads(int v) {
            maxThreads = v;
            return this;
        }

        public Builder workerThreads(int v) {
            workerThreads = v;
            return this;
        }

        public Builder offload(Offload v) {
            offload = v;
            return this;
        }

        public Builder eventLoops(int v) {
            eventLoops = v;
            return this;
        }

        public Builder stackSizeBytes(long v) {
            stackSizeBytes = v;
            return this;
        }

        public Builder backendConnections(int v) {
            backendConnections = v;
            return this;
        }

        /** HTTPS with this certificate and key (PEM files); null for plain HTTP. */
        public Builder tls(ServerTls v) {
            tls = v;
            return this;
        }

        /** HTTP/2 besides HTTP/1.1: h2c with prior knowledge, or h2 by ALPN with {@link #tls}. */
        public Builder http2(boolean v) {
            http2 = v;
            return this;
        }

        /** netty's and vertx's Netty transport; null: {@link ServerDefaults#TRANSPORT}. */
        public Builder transport(NettyTransport v) {
            transport = v;
            return this;
        }

        public ServerSpec build() {
            return new ServerSpec(
                    model,
                    host,
                    port,
                    backlog,
                    backendUrl,
                    dbUrl,
                    dbUser,
                    dbPassword,
                    dbPool,
                    threads,
                    queue,
                    maxThreads,
                    workerThreads,
                    offload,
                    eventLoops,
                    stackSizeBytes,
                    backendConnections,
                    tls,
                    http2,
                    transport);
        }
    }
}
