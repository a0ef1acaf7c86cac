package io.loadlab.core.model;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import io.loadlab.core.UserError;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The catalog of concurrency models, the only place a model's id is spelled: each one's id, a line for the help,
 * whether a waiting request holds a platform thread, how the lab starts it ({@link Launch}), how many requests its
 * design lets wait at once ({@link DesignCap}) and the knobs it takes with their defaults ({@link Knob}). The servers
 * start the reference ones, the lab computes ceilings and checks a suite's settings with it, the help describes them.
 *
 * <p>A model started as its own process is one more entry, e.g. {@code SPRING_MVC("spring-mvc", "Spring MVC on
 * Tomcat", true, Launch.process("spring-mvc"), DesignCap.containerThreads("Tomcat"), Knob.MAX_THREADS)}.
 */
public enum ConcurrencyModel {
    SINGLE_THREAD(
            "single-thread",
            "one thread accepts and serves one keep-alive connection at a time; blocks on every wait",
            true,
            Launch.REFERENCE,
            DesignCap.oneThread()),
    THREAD_POOL(
            "thread-pool",
            "fixed pool (--threads) serving a whole keep-alive connection per task, bounded queue (--queue); queue"
                    + " full -> immediate 503 + Connection: close",
            true,
            Launch.REFERENCE,
            DesignCap.threads(Knobs::threads, "threads"),
            Knob.THREADS,
            Knob.QUEUE),
    THREAD_PER_CONNECTION(
            "thread-per-connection",
            "a new platform thread per connection (--stack-size), unbounded; blocks on every wait",
            true,
            Launch.REFERENCE,
            DesignCap.none(),
            Knob.STACK_SIZE),
    VIRTUAL_THREADS(
            "virtual-threads",
            "the thread-per-connection code on a virtual thread per connection; waits unmount",
            false,
            Launch.REFERENCE,
            DesignCap.none()),
    SERVLET_SYNC(
            "servlet-sync",
            "Jetty 12 servlet, container threads (--max-threads) block on sleep, HTTP client and JDBC",
            true,
            Launch.REFERENCE,
            DesignCap.containerThreads("Jetty"),
            Knob.MAX_THREADS),
    SERVLET_ASYNC(
            "servlet-async",
            "Jetty 12 servlet + AsyncContext; --offload nonblocking (timer, async client, reactive DB) or worker"
                    + " (--worker-threads block)",
            false,
            Launch.REFERENCE,
            DesignCap.of(
                    k -> k.offloadsToWorkers() ? k.workerThreads() : null, k -> k.workerThreads() + " worker threads"),
            Knob.MAX_THREADS.withDefault("max(8, 4 × CPUs)"),
            Knob.OFFLOAD,
            Knob.WORKER_THREADS),
    NETTY(
            "netty",
            "Netty event loops (--event-loops); timers, async backend client, reactive PostgreSQL client",
            false,
            Launch.REFERENCE,
            DesignCap.none(),
            Knob.EVENT_LOOPS,
            Knob.TRANSPORT),
    VERTX(
            "vertx",
            "Vert.x verticles, one per event loop (--event-loops); timers, HTTP client, reactive PostgreSQL client",
            false,
            Launch.REFERENCE,
            DesignCap.none(),
            Knob.EVENT_LOOPS,
            Knob.TRANSPORT),
    SPRING_MVC(
            "spring-mvc",
            "Spring Boot MVC on Tomcat with its defaults: @RestController, RestClient, JdbcTemplate on HikariCP; a"
                    + " Tomcat thread (--max-threads, 200) blocks on every wait",
            true,
            Launch.process("spring-mvc"),
            DesignCap.threads(Knobs::maxThreads, "Tomcat threads"),
            Knob.MAX_THREADS,
            Knob.HTTP_CLIENT_CONNECTIONS),
    SPRING_MVC_VIRTUAL(
            "spring-mvc-virtual",
            "the spring-mvc application with spring.threads.virtual.enabled=true: a virtual thread per request,"
                    + " waits unmount",
            false,
            Launch.process("spring-mvc").with("LOADLAB_VIRTUAL", "true"),
            DesignCap.none(),
            Knob.HTTP_CLIENT_CONNECTIONS),
    SPRING_MVC_ASYNC(
            "spring-mvc-async",
            "Spring Boot MVC on Jetty, the async-servlet study's system: waiting routes hand a blocking task to a"
                    + " worker pool (--worker-threads, 16) and return a DeferredResult (--mode async) or block the"
                    + " Jetty thread on its Future (--mode sync)",
            false,
            Launch.process("spring-mvc-async"),
            DesignCap.of(
                    k -> k.containerWaits()
                            ? Math.min(k.workerThreads(), Math.max(1, k.maxThreads() - k.reservedThreads()))
                            : k.workerThreads(),
                    k -> k.containerWaits() && k.maxThreads() - k.reservedThreads() < k.workerThreads()
                            ? Math.max(1, k.maxThreads() - k.reservedThreads()) + " Jetty threads (each blocked on a"
                                    + " worker's Future)"
                            : k.workerThreads() + " worker threads"),
            Knob.MAX_THREADS,
            Knob.WORKER_THREADS,
            Knob.MODE,
            Knob.HTTP_CLIENT_CONNECTIONS),
    SPRING_WEBFLUX(
            "spring-webflux",
            "Spring WebFlux on Reactor Netty: Mono handlers, WebClient, R2DBC PostgreSQL; nothing blocks, event loops"
                    + " (--event-loops) only",
            false,
            Launch.process("spring-webflux"),
            DesignCap.none(),
            Knob.EVENT_LOOPS.withDefault("Reactor Netty's: max(4, CPUs)"),
            Knob.HTTP_CLIENT_CONNECTIONS),
    TOMCAT(
            "tomcat",
            "embedded Tomcat 11, one plain HttpServlet on the NIO connector: a Tomcat thread (--max-threads, 200)"
                    + " blocks on every wait, as in the C10K study's Tomcat rows",
            true,
            Launch.process("tomcat"),
            DesignCap.threads(Knobs::maxThreads, "Tomcat threads"),
            Knob.MAX_THREADS,
            Knob.HTTP_CLIENT_CONNECTIONS),
    HELIDON_SE(
            "helidon-se",
            "Helidon SE 4.5 WebServer: a virtual thread per request blocks on sleep, its WebClient and JDBC on"
                    + " HikariCP; waits unmount",
            false,
            Launch.process("helidon-se"),
            DesignCap.none(),
            Knob.MAX_THREADS.withDefault("unlimited (Helidon's concurrent-request limit)"),
            Knob.HTTP_CLIENT_CONNECTIONS),
    HTTPCORE5_NIO(
            "httpcore5-nio",
            "Apache HttpCore 5 async server (--io-threads I/O reactors), the async HttpClient 5 for the backend, a"
                    + " scheduler for delays, JDBC on a worker pool: the C10K study's best server",
            false,
            Launch.process("httpcore5-nio"),
            DesignCap.none(),
            Knob.IO_THREADS,
            Knob.WORKER_THREADS.withDefault("the database pool"),
            Knob.HTTP_CLIENT_CONNECTIONS),
    RXNETTY(
            "rxnetty",
            "RxNetty 0.5.2 on RxJava 1 and Netty 4.1, the RxJava book's server: Observables on Netty's event loops"
                    + " (--event-loops), an Rx timer, RxNetty's client",
            false,
            Launch.process("rxnetty"),
            DesignCap.none(),
            Knob.EVENT_LOOPS.withDefault("Netty's: 2 × CPUs")),
    QUARKUS_REACTIVE(
            "quarkus-reactive",
            "Quarkus 3.33 REST (reactive) with Mutiny, Hibernate Reactive with Panache and the reactive REST client,"
                    + " on Vert.x event loops (--event-loops): the reactive CRUD study's stack, fixed",
            false,
            Launch.process("quarkus-reactive"),
            DesignCap.none(),
            Knob.EVENT_LOOPS,
            Knob.HTTP_CLIENT_CONNECTIONS),
    QUARKUS_VIRTUAL(
            "quarkus-virtual",
            "Quarkus REST endpoints on @RunOnVirtualThread: blocking Hibernate ORM on Agroal and the blocking REST"
                    + " client on a virtual thread per request; waits unmount",
            false,
            Launch.process("quarkus-virtual"),
            DesignCap.none(),
            Knob.HTTP_CLIENT_CONNECTIONS),
    QUARKUS_BROKEN(
            "quarkus-broken",
            "the reactive CRUD study's first application: quarkus-reactive with its POST under JTA's @Transactional"
                    + " over Hibernate Reactive; a demonstration the lab must refuse",
            false,
            Launch.process("quarkus-broken"),
            DesignCap.none(),
            Knob.EVENT_LOOPS,
            Knob.HTTP_CLIENT_CONNECTIONS);

    /** The knobs every model takes besides its own: the same database pool and accept backlog for all. */
    public static final List<Knob> COMMON_KNOBS = List.of(Knob.DB_POOL, Knob.BACKLOG);

    /**
     * The values of the knobs that bound how many of a server's requests can wait at once, as the server ran with them:
     * what a {@link DesignCap} reads.
     */
    public interface Knobs {
        /** {@link Knob#THREADS}: a thread pool's threads. */
        int threads();

        /** {@link Knob#MAX_THREADS}: a servlet container's maximum threads. */
        int maxThreads();

        /** {@link Knob#WORKER_THREADS}: the worker pool that blocks in the container's place. */
        int workerThreads();

        /** {@link Knob#OFFLOAD}: true when a worker pool blocks instead of nothing waiting. */
        boolean offloadsToWorkers();

        /** Container threads the container keeps for itself (Jetty's acceptors and selectors); 0 when unknown. */
        default int reservedThreads() {
            return 0;
        }

        /** {@link Knob#MODE}: true when a container thread blocks while a worker waits ({@code mode: sync}). */
        default boolean containerWaits() {
            return false;
        }
    }

    private final String id;
    private final String description;
    private final boolean blocking;
    private final Launch launch;
    private final DesignCap cap;
    private final List<Knob> knobs;

    ConcurrencyModel(String id, String description, boolean blocking, Launch launch, DesignCap cap, Knob... knobs) {
        this.id = id;
        this.description = description;
        this.blocking = blocking;
        this.launch = launch;
        this.cap = cap;
        this.knobs = List.of(knobs);
    }

    /** The kebab-case name: what {@code loadlab serve}, suites and results say, e.g. {@code thread-pool}. */
    @JsonValue
    public String id() {
        return id;
    }

    public String description() {
        return description;
    }

    /** True when a request that waits (delay, backend, database) holds a platform thread while it waits. */
    public boolean blocking() {
        return blocking;
    }

    /** How the lab starts it: a reference server of the servers module, or a process of its own. */
    public Launch launch() {
        return launch;
    }

    /** The knobs it takes, its own first and then {@link #COMMON_KNOBS}, each with this model's default. */
    public List<Knob> knobs() {
        return Stream.concat(knobs.stream(), COMMON_KNOBS.stream()).toList();
    }

    /** The knobs that are its own, in which it is expected to differ from other models: {@link #knobs} less the common. */
    public List<Knob> ownKnobs() {
        return knobs;
    }

    /** True when it takes the knob named {@code name} ({@code max-threads}). */
    public boolean takes(String name) {
        return knobs().stream().anyMatch(k -> k.name().equals(name));
    }

    /**
     * How many requests can wait at once by the model's design, given its settings, or null when nothing in its design
     * bounds it (a thread or a virtual thread per connection, an event loop): a thread per waiting request for the
     * thread-holding models.
     */
    public Integer waitingCap(Knobs k) {
        return cap.waiting(k);
    }

    /** What {@link #waitingCap} counts, in words: {@code 100 threads}, {@code 16 worker threads}; null when none. */
    public String waitingCapLabel(Knobs k) {
        return cap.label(k);
    }

    /** The ids of the models that take the knob named {@code name}, in catalog order. */
    public static List<String> takers(String name) {
        return Arrays.stream(values())
                .filter(m -> m.takes(name))
                .map(ConcurrencyModel::id)
                .toList();
    }

    /** The model of this id; a {@link UserError} listing the models when there is none. */
    @JsonCreator
    public static ConcurrencyModel byId(String id) {
        String wanted = id == null ? "" : id.trim().toLowerCase(Locale.ROOT);
        for (ConcurrencyModel m : values()) {
            if (m.id.equals(wanted)) {
                return m;
            }
        }
        throw new UserError("unknown model '" + id + "'; the models are: " + ids());
    }

    /** Every model, in the order help texts and reports list them. */
    public static List<ConcurrencyModel> all() {
        return List.of(values());
    }

    /**
     * The reference models, served by the servers module: what {@code all} means in a suite and {@code --model}
     * (the framework models are named one by one, and built on first use).
     */
    public static List<ConcurrencyModel> reference() {
        return Arrays.stream(values()).filter(m -> m.launch.reference()).toList();
    }

    /** {@code single-thread, thread-pool, ...}. */
    public static String ids() {
        return Arrays.stream(values()).map(ConcurrencyModel::id).collect(Collectors.joining(", "));
    }

    @Override
    public String toString() {
        return id;
    }
}
