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
 * of its own (Jetty stamps the request's arrival, stale after a long wait: {@link Answers} stamps each answer when it
 * is made). Its accept backlog is {@code LOADLAB_BACKLOG}, as every model's: Spring Boot has no property for it and
 * Jetty, given none, binds with the JDK's 50. Its thread pool is Spring Boot's ({@code server.jetty.threads.max} from
 * {@code LOADLAB_MAX_THREADS}).
 */
@Component
class JettySetup implements WebServerFactoryCustomizer<JettyServletWebServerFactory> {
    private final int backlog;

    JettySetup(AppEnv env) {
        backlog = env.backlog();
    }

    @Override
    public void customize(JettyServletWebServerFactory factory) {
        factory.addServerCustomizers((JettyServerCustomizer) this::contractAnswers);
    }

    private void contractAnswers(Server server) {
        server.setErrorHandler(new JettyErrors());
        for (Connector c : server.getConnectors()) {
            if (c instanceof ServerConnector sc) {
                sc.setAcceptQueueSize(backlog);
            }
            HttpConnectionFactory http = c.getConnectionFactory(HttpConnectionFactory.class);
            if (http != null) {
                http.getHttpConfiguration().setSendDateHeader(false);
            }
        }
    }
}
