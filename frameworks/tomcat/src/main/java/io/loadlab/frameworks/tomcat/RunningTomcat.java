package io.loadlab.frameworks.tomcat;

import io.loadlab.core.settings.Limit;
import io.loadlab.core.settings.ServerSettings;
import io.loadlab.frameworks.common.AppEnv;
import io.loadlab.frameworks.common.ContractErrorValve;
import io.loadlab.frameworks.common.ContractText;
import io.loadlab.frameworks.common.FrameworkSettings;
import io.loadlab.frameworks.common.JdbcZipCodeStore;
import io.loadlab.frameworks.common.TomcatBaseDir;
import io.loadlab.frameworks.common.TomcatSettings;
import jakarta.servlet.ServletContext;
import java.io.IOException;
import java.net.BindException;
import java.nio.file.Path;
import org.apache.catalina.Context;
import org.apache.catalina.LifecycleException;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.core.StandardHost;
import org.apache.catalina.startup.Tomcat;
import org.apache.coyote.http11.Http11NioProtocol;

/**
 * Embedded Tomcat serving the {@link ContractServlet} on one NIO connector with Tomcat's defaults but for what the
 * contract fixes (the address, {@code Server: loadlab}, 8 KiB of headers, an unread body closing the connection) and
 * what every model runs alike: the accept backlog {@code LOADLAB_BACKLOG} (Tomcat's {@code acceptCount}, 100 by
 * default), no cap on a keep-alive connection's requests (Tomcat's {@code maxKeepAliveRequests}, 100 by default) and
 * the idle timeout. {@link #close} stops it gracefully: no new connections, the requests in flight answered (at most
 * 4 s).
 */
public final class RunningTomcat implements AutoCloseable {
    static final String MODEL = "tomcat";

    private static final long GRACE_MILLIS = 4_000;

    private final AppEnv env;
    private final TomcatBaseDir baseDir;
    private final Tomcat tomcat;
    private final Connector connector;
    private final Context context;
    private final ContractServlet servlet;
    private final BackendClient backend;
    private final JdbcZipCodeStore store;
    private volatile String settings = "{}";
    private boolean closed;

    private RunningTomcat(AppEnv env, BackendClient backend, JdbcZipCodeStore store) throws IOException {
        this.env = env;
        this.backend = backend;
        this.store = store;
        baseDir = TomcatBaseDir.create(MODEL);
        tomcat = new Tomcat();
        tomcat.setBaseDir(baseDir.path().toString());
        connector = new Connector(Http11NioProtocol.class.getName());
        connector.setPort(env.port());
        property("address", env.host());
        property("server", ContractText.SERVER);
        property("maxHttpHeaderSize", ContractText.MAX_HEADER_BYTES);
        property("maxSwallowSize", 0);
        property("acceptCount", env.backlog());
        property("maxKeepAliveRequests", -1);
        property("keepAliveTimeout", env.idleTimeoutMillis());
        int maxThreads = env.integer("LOADLAB_MAX_THREADS", 0);
        if (maxThreads > 0) {
            property("maxThreads", maxThreads);
        }
        tomcat.getService().addConnector(connector);
        tomcat.setConnector(connector);
        ContractErrorValve.install((StandardHost) tomcat.getHost());
        context = tomcat.addContext("", null);
        servlet = new ContractServlet(backend, store, () -> settings);
        Tomcat.addServlet(context, "contract", servlet);
        context.addServletMappingDecoded("/", "contract");
    }

    static RunningTomcat start(AppEnv env, BackendClient backend, JdbcZipCodeStore store) throws Exception {
        RunningTomcat t = new RunningTomcat(env, backend, store);
        try {
            t.tomcat.start();
        } catch (LifecycleException e) {
            t.close();
            throw e;
        }
        if (t.connector.getState().isAvailable() && t.connector.getLocalPort() > 0) {
            t.settings = FrameworkSettings.json(t.settings());
            return t;
        }
        t.close();
        throw new BindException("the address is in use or not this host's");
    }

    public String host() {
        return env.host();
    }

    public int port() {
        return connector.getLocalPort();
    }

    /** Tomcat's base directory, deleted by {@link #close}. */
    Path baseDir() {
        return baseDir.path();
    }

    /** What the started server runs with, read back from its connector, servlet context and clients. */
    ServerSettings settings() {
        ServletContext servlets = context.getServletContext();
        ServerSettings.Builder b = FrameworkSettings.begin(MODEL, env, port())
                .software(
                        "Jakarta Servlet " + servlets.getMajorVersion() + "." + servlets.getMinorVersion()
                                + ", one HttpServlet, no framework",
                        TomcatSettings.server());
        return TomcatSettings.connector(b, connector)
                .database(FrameworkSettings.database(
                        env,
                        "JDBC on HikariCP, pgjdbc",
                        FrameworkSettings.JDBC_STATEMENT_CACHE,
                        ServerSettings.Transactions.PER_STATEMENT,
                        "autocommit",
                        store == null ? null : store.serverVersion()))
                .backendClient(
                        FrameworkSettings.backendClient(env, BackendClient.CLIENT, Limit.of(backend.maxConnections())))
                .own("backend_queue", BackendClient.QUEUE)
                .build();
    }

    /** {@code /settings}, as one line of JSON. */
    String settingsJson() {
        return settings;
    }

    private void property(String name, Object value) {
        if (!connector.setProperty(name, String.valueOf(value))) {
            throw new IllegalStateException("Tomcat's connector has no property " + name);
        }
    }

    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        connector.pause();
        connector.getProtocolHandler().closeServerSocketGraceful();
        long deadline = System.nanoTime() + GRACE_MILLIS * 1_000_000;
        while (servlet.inFlight() > 0 && System.nanoTime() < deadline) {
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        try {
            tomcat.stop();
            tomcat.destroy();
        } catch (LifecycleException e) {
            // stopping anyway: the process ends or the test moves on
        }
        baseDir.close();
        if (store != null) {
            store.close();
        }
        backend.close();
    }
}
