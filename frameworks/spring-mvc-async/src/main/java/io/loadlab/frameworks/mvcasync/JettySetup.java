package io.loadlab.frameworks.mvcasync;

import io.loadlab.frameworks.common.AppEnv;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.springframework.boot.jetty.JettyServerCustomizer;
import org.springframework.boot.jetty.servlet.JettyServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.stereotype.Component;

/**
 * Embedded Jetty as the contract wants it: its refusals answered by {@link JettyErrors}, and no {@code Date} header
 * of its own (Jetty stamps the request's arrival, stale after a long wait: {@link Replies} stamps each answer when it
 * is made). Its thread pool is Spring Boot's ({@code server.jetty.threads.max} from {@code LOADLAB_MAX_THREADS}); its
 * accept backlog {@code LOADLAB_BACKLOG} when a suite sets it (the knob every model shares), else Jetty's: none given,
 * so the JDK's 50.
 */
@Component
class JettySetup implements WebServerFactoryCustomizer<JettyServletWebServerFactory> {
    static final String BACKLOG = "LOADLAB_BACKLOG";

    /** The JDK's accept backlog for a channel bound with none, as Jetty binds by default. */
    static final int JDK_BACKLOG = 50;

    private final int backlog;

    JettySetup(AppEnv env) {
        backlog = env.integer(BACKLOG, 0);
    }

    @Override
    public void customize(JettyServletWebServerFactory factory) {
        factory.addServerCustomizers((JettyServerCustomizer) this::contractAnswers);
    }

    private void contractAnswers(Server server) {
        server.setErrorHandler(new JettyErrors());
        for (Connector c : server.getConnectors()) {
            if (c instanceof ServerConnector sc && backlog > 0) {
                sc.setAcceptQueueSize(backlog);
            }
            HttpConnectionFactory http = c.getConnectionFactory(HttpConnectionFactory.class);
            if (http != null) {
                http.getHttpConfiguration().setSendDateHeader(false);
            }
        }
    }
}
