package io.loadlab.frameworks.tomcat;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.loadlab.frameworks.common.AppEnv;
import io.loadlab.frameworks.common.ContractErrorValve;
import io.loadlab.frameworks.common.TomcatBaseDir;
import io.loadlab.frameworks.common.JvmSettings;
import java.io.IOException;
import java.net.BindException;
import java.io.UncheckedIOException;
import java.util.Map;
import org.apache.catalina.Context;
import org.apache.catalina.LifecycleException;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.core.StandardHost;
import org.apache.catalina.startup.Tomcat;
import org.apache.catalina.util.ServerInfo;
import org.apache.coyote.http11.Http11NioProtocol;

/**
 * Embedded Tomcat serving the {@link ContractServlet} on one NIO connector with Tomcat's defaults but for what the
 * contract fixes: the address, {@code Server: loadlab}, 8 KiB of headers, and an unread body closing the connection.
 * {@link #close} stops it gracefully: no new connections, the requests in flight answered (at most 4 s).
 */
public final class RunningTomcat implements AutoCloseable {
    private static final long GRACE_MILLIS = 4_000;

    private final AppEnv env;
    private final TomcatBaseDir baseDir;
    private final Tomcat tomcat;
    private final Connector connector;
    private final ContractServlet servlet;
    private final BackendCalls backend;
    private final ZipCodeStore store;
    private boolean closed;

    private RunningTomcat(AppEnv env, BackendCalls backend, ZipCodeStore store) throws IOException {
        this.env = env;
        this.backend = backend;
        this.store = store;
        baseDir = TomcatBaseDir.create("tomcat");
        tomcat = new Tomcat();
        tomcat.setBaseDir(baseDir.path().toString());
        connector = new Connector(Http11NioProtocol.class.getName());
        connector.setPort(env.port());
        connector.setProperty("address", env.host());
        connector.setProperty("server", "loadlab");
        connector.setProperty("maxHttpHeaderSize", "8192");
        connector.setProperty("maxSwallowSize", "0");
        int maxThreads = env.integer("LOADLAB_MAX_THREADS", 0);
        if (maxThreads > 0) {
            connector.setProperty("maxThreads", Integer.toString(maxThreads));
        }
        tomcat.getService().addConnector(connector);
        tomcat.setConnector(connector);
        ContractErrorValve.install((StandardHost) tomcat.getHost());
        Context context = tomcat.addContext("", null);
        servlet = new ContractServlet(backend, store, this::settingsJson);
        Tomcat.addServlet(context, "contract", servlet);
        context.addServletMappingDecoded("/", "contract");
    }

    static RunningTomcat start(AppEnv env, BackendCalls backend, ZipCodeStore store) throws Exception {
        RunningTomcat t = new RunningTomcat(env, backend, store);
        try {
            t.tomcat.start();
        } catch (LifecycleException e) {
            t.close();
            throw e;
        }
        if (t.connector.getState().isAvailable() && t.connector.getLocalPort() > 0) {
            return t;
        }
        t.close();
        throw new BindException("the address is in use or not this host's");
    }

    public String host() {
        return env.host();
    }

    /** Tomcat's base directory, deleted by {@link #close}. */
    java.nio.file.Path baseDir() {
        return baseDir.path();
    }

    public int port() {
        return connector.getLocalPort();
    }

    Map<String, Object> settings() {
        Map<String, Object> s = JvmSettings.base("tomcat", host(), port());
        s.put("framework", "none (one HttpServlet)");
        s.put("server", ServerInfo.getServerInfo().replace("Apache Tomcat/", "Tomcat "));
        s.put("connector", "NIO");
        s.put("max_threads", ((Http11NioProtocol) connector.getProtocolHandler()).getMaxThreads());
        if (store != null) {
            s.put("db_pool", store.poolSize());
            s.put("db_client", "JDBC on HikariCP");
        }
        if (backend != null) {
            s.put("backend_url", backend.base().toString());
            s.put("backend_client", "java.net.http.HttpClient, blocking send");
            s.put("backend_max_connections", backend.maxConnections());
        }
        return s;
    }

    String settingsJson() {
        try {
            return new ObjectMapper().writeValueAsString(settings());
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
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
        if (backend != null) {
            backend.close();
        }
    }
}
