package io.loadlab.frameworks.quarkus;

import io.loadlab.core.settings.Limit;
import io.loadlab.core.settings.ServerSettings;
import io.loadlab.frameworks.common.AppEnv;
import io.loadlab.frameworks.common.FrameworkSettings;
import io.netty.channel.EventLoopGroup;
import io.netty.util.concurrent.EventExecutor;
import io.quarkus.runtime.ExecutorRecorder;
import io.quarkus.runtime.ThreadPoolConfig;
import io.smallrye.config.SmallRyeConfig;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.impl.VertxInternal;
import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import org.eclipse.microprofile.config.ConfigProvider;

/**
 * The part of a Quarkus application's settings that Quarkus decides, read back from the running objects rather than
 * from what was asked of it: the accept backlog and idle timeout of the options Quarkus started its HTTP server with,
 * the event loops and acceptor threads of its Vert.x, its worker pool, and the versions of Quarkus and Vert.x from
 * their jars. Vert.x's HTTP server has no cap on the requests of one connection, so none is reported.
 */
public final class QuarkusSettings {
    private QuarkusSettings() {}

    /**
     * The settings every Quarkus application starts from, once its server listens ({@link VertxContract#options()}).
     *
     * @param stack what the application runs on Quarkus, e.g. {@code Quarkus REST, Hibernate Reactive with Panache}
     */
    public static ServerSettings.Builder begin(String model, AppEnv env, String stack) {
        HttpServerOptions http = VertxContract.options();
        return FrameworkSettings.begin(model, env, VertxContract.port())
                .software(
                        "Quarkus " + version("io.quarkus", "quarkus-core") + ", " + stack,
                        "Vert.x " + version("io.vertx", "vertx-core"))
                .backlog(http.getAcceptBacklog())
                .keepAlive(Limit.UNLIMITED, Limit.of(http.getIdleTimeoutUnit().toMillis(http.getIdleTimeout())));
    }

    /** Handlers on the event loops; {@code workerThreads} where a route is handed to Quarkus' worker pool, else 0. */
    public static ServerSettings.Threads onEventLoops(Vertx vertx, Limit workerThreads) {
        int loops = count(vertx.nettyEventLoopGroup());
        return new ServerSettings.Threads("event-loop", Limit.of(loops), loops, acceptors(vertx), workerThreads);
    }

    /** Each waiting route on a virtual thread of its own; the event loops run the routes that never wait. */
    public static ServerSettings.Threads onVirtualThreads(Vertx vertx) {
        return new ServerSettings.Threads(
                "virtual-thread", Limit.UNLIMITED, count(vertx.nettyEventLoopGroup()), acceptors(vertx), Limit.of(0));
    }

    /**
     * The most threads of Quarkus' worker pool, where blocking routes run: Quarkus' own rule ({@link
     * ExecutorRecorder#getMaxSize}) over the configuration it built the pool from, the pool itself being wrapped out of
     * reach in production.
     */
    public static Limit workerPool() {
        ThreadPoolConfig pool =
                ConfigProvider.getConfig().unwrap(SmallRyeConfig.class).getConfigMapping(ThreadPoolConfig.class);
        return Limit.of(ExecutorRecorder.getMaxSize(pool));
    }

    /** The thread that accepts connections for the event loops (Vert.x's acceptor group). */
    private static int acceptors(Vertx vertx) {
        return count(((VertxInternal) vertx).getAcceptorEventLoopGroup());
    }

    private static int count(EventLoopGroup group) {
        int n = 0;
        for (EventExecutor ignored : group) {
            n++;
        }
        return n;
    }

    /** An artifact's version from the Maven properties its jar carries, or {@code unknown}. */
    public static String version(String group, String artifact) {
        String path = "/META-INF/maven/" + group + "/" + artifact + "/pom.properties";
        try (InputStream in = QuarkusSettings.class.getResourceAsStream(path)) {
            if (in == null) {
                return "unknown";
            }
            Properties p = new Properties();
            p.load(in);
            return p.getProperty("version", "unknown");
        } catch (IOException e) {
            return "unknown";
        }
    }
}
