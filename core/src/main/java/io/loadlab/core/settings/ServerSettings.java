package io.loadlab.core.settings;

import static io.loadlab.core.settings.Setting.Role.COMPARED_WHERE_PRESENT;
import static io.loadlab.core.settings.Setting.Role.DESIGN;
import static io.loadlab.core.settings.Setting.Role.IDENTITY;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a server runs with, as every model announces it at {@code GET /settings} (and a reference server in its ready
 * event): the same fields for a reference server, a framework application and, where it can, a user's own server.
 * Written by {@link SettingsJson} (snake_case names, nulls left out), read by {@link SettingsReader}; the fields a
 * model must report and those the parity check compares follow from the {@link Setting} on each component
 * ({@link SettingsSchema}). A null field is one the server did not report: never equal to anything.
 *
 * @param schema {@link #SCHEMA}: a reader can tell an older record
 * @param model the catalog's id (or a user server's name)
 * @param scheme {@code http} or {@code https}
 * @param protocol {@code http/1.1}, {@code h2c} or {@code h2}
 * @param backlog the accept backlog the server asked of the kernel (which caps it at {@code somaxconn})
 * @param own the model's own knobs and notes that no other field holds (servlet-async's offload, netty's transport)
 */
public record ServerSettings(
        @Setting(IDENTITY) Integer schema,
        @Setting(IDENTITY) String model,
        @Setting(IDENTITY) String host,
        @Setting(IDENTITY) Integer port,
        @Setting(IDENTITY) Long pid,
        String scheme,
        String protocol,
        @Setting(DESIGN) Software software,
        Integer backlog,
        KeepAlive keepAlive,
        Threads threads,
        Database database,
        HttpClient backendClient,
        Jvm jvm,
        @Setting(value = DESIGN, optional = true) Map<String, String> own) {

    /** The version of this record's form. */
    public static final int SCHEMA = 1;

    public ServerSettings {
        own = own == null ? null : Collections.unmodifiableMap(new LinkedHashMap<>(own));
    }

    /**
     * The framework and the server that runs it, with versions read from their classes at run time.
     *
     * @param framework {@code Spring Boot 4.0.7, Spring MVC 7.0.3}, or {@code loadlab netty} for a reference server
     * @param server the HTTP server: {@code Tomcat 11.0.27}, {@code Netty 4.2.18.Final}
     */
    public record Software(String framework, String server) {}

    /**
     * How long a keep-alive connection lives.
     *
     * @param maxRequests the requests a connection serves before the server closes it (Tomcat's
     *     {@code maxKeepAliveRequests})
     * @param idleTimeoutMs how long an idle connection stays open, in milliseconds
     */
    public record KeepAlive(Limit maxRequests, Limit idleTimeoutMs) {}

    /**
     * The threads that serve requests.
     *
     * @param requests what runs a request's handler: {@code event-loop}, {@code pool}, {@code virtual-thread},
     *     {@code thread-per-connection} or {@code single-thread}
     * @param requestThreads the most threads running handlers at once (unlimited for a virtual thread or a thread
     *     per connection; the event loops for an event-loop model)
     * @param eventLoops the event-loop (or I/O reactor) threads that run handlers; 0 when none do
     * @param ioThreads threads that only accept, select or poll (Tomcat's poller, Jetty's selectors), besides
     * @param workerThreads the pool to which blocking work is handed off; 0 when there is none
     */
    public record Threads(
            @Setting(DESIGN) String requests,
            @Setting(DESIGN) Limit requestThreads,
            @Setting(COMPARED_WHERE_PRESENT) Integer eventLoops,
            @Setting(DESIGN) Integer ioThreads,
            @Setting(DESIGN) Limit workerThreads) {}

    /**
     * The database client as configured, whether or not a database was given.
     *
     * @param client {@code JdbcTemplate on HikariCP}, {@code Vert.x reactive PostgreSQL client}
     * @param pool its connections
     * @param statementCache prepared statements kept per connection (0: none are reused)
     * @param transactions what each route's statements share a transaction with
     * @param transactionControl {@code autocommit} (the driver sends each statement alone) or {@code begin-commit}
     *     (explicit {@code BEGIN} and {@code COMMIT} around a transaction's statements)
     * @param url where it connects, without the password; absent without a database
     * @param serverVersion the database's version; absent without a database
     */
    public record Database(
            @Setting(DESIGN) String client,
            Integer pool,
            Limit statementCache,
            Transactions transactions,
            @Setting(DESIGN) String transactionControl,
            @Setting(value = IDENTITY, optional = true) String url,
            @Setting(value = IDENTITY, optional = true) String serverVersion) {}

    /**
     * Which statements share a transaction, per route: {@link #STATEMENT} (each statement is one, as in autocommit or
     * a one-statement {@code BEGIN}/{@code COMMIT}) or {@link #REQUEST} (all of the route's statements in one).
     *
     * @param read {@code GET /zipcodes/{zip}}
     * @param write {@code POST /zipcodes}: its read, its insert and the read again after a lost race
     */
    public record Transactions(String read, String write) {
        public static final String STATEMENT = "statement";
        public static final String REQUEST = "request";

        /** Every statement its own transaction, on both routes. */
        public static final Transactions PER_STATEMENT = new Transactions(STATEMENT, STATEMENT);
    }

    /**
     * The HTTP client that calls the backend, as configured, whether or not a backend was given.
     *
     * @param client {@code RestClient on Apache HttpClient 5, blocking}
     * @param maxConnections the most connections it opens to the backend at once (unlimited: an unbounded pool)
     * @param url the backend's base URL; absent without a backend
     */
    public record HttpClient(
            @Setting(DESIGN) String client,
            Limit maxConnections,
            @Setting(value = IDENTITY, optional = true) String url) {}

    /**
     * The JVM that runs the server.
     *
     * @param flags its command-line flags (the parity check compares the {@code -X} ones that shape the run)
     */
    public record Jvm(
            String version,
            @Setting(DESIGN) String vendor,
            Integer availableProcessors,
            Long initialHeapBytes,
            Long maxHeapBytes,
            String gc,
            List<String> flags) {
        public Jvm {
            flags = flags == null ? null : List.copyOf(flags);
        }
    }

    /** A builder; the fields a model leaves unset stay null, and the schema says which it must set. */
    public static Builder builder(String model) {
        return new Builder(model);
    }

    /** A builder holding this record's fields, to change some. */
    public Builder toBuilder() {
        Builder b = new Builder(model);
        b.host = host;
        b.port = port;
        b.pid = pid;
        b.scheme = scheme;
        b.protocol = protocol;
        b.software = software;
        b.backlog = backlog;
        b.keepAlive = keepAlive;
        b.threads = threads;
        b.database = database;
        b.backendClient = backendClient;
        b.jvm = jvm;
        b.own = own == null ? null : new LinkedHashMap<>(own);
        return b;
    }

    /** Fills a {@link ServerSettings}; {@code schema} is always {@link #SCHEMA}. */
    public static final class Builder {
        private final String model;
        private String host;
        private Integer port;
        private Long pid = ProcessHandle.current().pid();
        private String scheme = "http";
        private String protocol = "http/1.1";
        private Software software;
        private Integer backlog;
        private KeepAlive keepAlive;
        private Threads threads;
        private Database database;
        private HttpClient backendClient;
        private Jvm jvm = JvmFacts.current();
        private Map<String, String> own;

        private Builder(String model) {
            this.model = model;
        }

        public Builder listening(String host, int port) {
            this.host = host;
            this.port = port;
            return this;
        }

        public Builder protocol(String scheme, String protocol) {
            this.scheme = scheme;
            this.protocol = protocol;
            return this;
        }

        public Builder software(String framework, String server) {
            this.software = new Software(framework, server);
            return this;
        }

        public Builder backlog(int backlog) {
            this.backlog = backlog;
            return this;
        }

        public Builder keepAlive(Limit maxRequests, Limit idleTimeoutMs) {
            this.keepAlive = new KeepAlive(maxRequests, idleTimeoutMs);
            return this;
        }

        public Builder threads(Threads threads) {
            this.threads = threads;
            return this;
        }

        public Builder database(Database database) {
            this.database = database;
            return this;
        }

        public Builder backendClient(HttpClient client) {
            this.backendClient = client;
            return this;
        }

        /** The JVM's facts; by default this process's ({@link JvmFacts#current}). */
        public Builder jvm(Jvm jvm) {
            this.jvm = jvm;
            return this;
        }

        public Builder pid(Long pid) {
            this.pid = pid;
            return this;
        }

        /** One of the model's own settings, in the order they should read. */
        public Builder own(String key, Object value) {
            if (value != null) {
                if (own == null) {
                    own = new LinkedHashMap<>();
                }
                own.put(key, value.toString());
            }
            return this;
        }

        public ServerSettings build() {
            return new ServerSettings(
                    SCHEMA,
                    model,
                    host,
                    port,
                    pid,
                    scheme,
                    protocol,
                    software,
                    backlog,
                    keepAlive,
                    threads,
                    database,
                    backendClient,
                    jvm,
                    own);
        }
    }
}
