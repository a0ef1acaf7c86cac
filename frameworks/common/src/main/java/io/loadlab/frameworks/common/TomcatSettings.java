package io.loadlab.frameworks.common;

import io.loadlab.core.settings.Limit;
import io.loadlab.core.settings.ServerSettings;
import java.util.concurrent.Executor;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.util.ServerInfo;
import org.apache.coyote.http11.AbstractHttp11Protocol;
import org.apache.tomcat.util.threads.ThreadPoolExecutor;
import org.apache.tomcat.util.threads.VirtualThreadExecutor;

/**
 * What a started Tomcat connector really runs with, read back from its protocol handler for the settings record: the
 * accept backlog ({@code acceptCount}), keep-alive ({@code maxKeepAliveRequests}, {@code keepAliveTimeout}), the
 * threads that run requests (its executor: a pool of at most {@code maxThreads}, or a virtual thread per request) and
 * {@code maxConnections}, past which accepted connections wait in the backlog. The NIO connector runs one acceptor and
 * one poller thread besides, whatever the settings.
 */
public final class TomcatSettings {
    /** The NIO connector's acceptor and poller threads. */
    static final int NIO_IO_THREADS = 2;

    private TomcatSettings() {}

    /** {@code Tomcat 11.0.27}, read from Tomcat's classes. */
    public static String server() {
        return ServerInfo.getServerInfo().replace("Apache Tomcat/", "Tomcat ");
    }

    /** Adds the started {@code connector}'s backlog, keep-alive, threads and connection limit to {@code b}. */
    public static ServerSettings.Builder connector(ServerSettings.Builder b, Connector connector) {
        AbstractHttp11Protocol<?> protocol = (AbstractHttp11Protocol<?>) connector.getProtocolHandler();
        return b.backlog(protocol.getAcceptCount())
                .keepAlive(limit(protocol.getMaxKeepAliveRequests()), limit(protocol.getKeepAliveTimeout()))
                .threads(threads(protocol))
                .own("max_connections", limit(protocol.getMaxConnections()));
    }

    private static ServerSettings.Threads threads(AbstractHttp11Protocol<?> protocol) {
        Executor executor = protocol.getExecutor();
        if (executor instanceof VirtualThreadExecutor) {
            return new ServerSettings.Threads("virtual-thread", Limit.UNLIMITED, 0, NIO_IO_THREADS, Limit.of(0));
        }
        int max = executor instanceof ThreadPoolExecutor pool ? pool.getMaximumPoolSize() : protocol.getMaxThreads();
        return new ServerSettings.Threads("pool", Limit.of(max), 0, NIO_IO_THREADS, Limit.of(0));
    }

    /** Tomcat's -1 (or any negative value) is no bound. */
    private static Limit limit(long value) {
        return value < 0 ? Limit.UNLIMITED : Limit.of(value);
    }
}
