package io.loadlab.frameworks.mvcasync;

import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.Server;
import org.springframework.boot.jetty.JettyServerCustomizer;
import org.springframework.boot.jetty.servlet.JettyServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.stereotype.Component;

/**
 * Embedded Jetty as the contract wants it: its refusals answered by {@link JettyErrors}, and no {@code Date} header
 * of its own (Jetty stamps the request's arrival, stale after a long wait: {@link Replies} stamps each answer when it
 * is made). Its thread pool is Spring Boot's ({@code server.jetty.threads.max} from {@code LOADLAB_MAX_THREADS}).
 */
@Component
class JettySetup implements WebServerFactoryCustomizer<JettyServletWebServerFactory> {
    @Override
    public void customize(JettyServletWebServerFactory factory) {
        factory.addServerCustomizers((JettyServerCustomizer) JettySetup::contractAnswers);
    }

    private static void contractAnswers(Server server) {
        server.setErrorHandler(new JettyErrors());
        for (Connector c : server.getConnectors()) {
            HttpConnectionFactory http = c.getConnectionFactory(HttpConnectionFactory.class);
            if (http != null) {
                http.getHttpConfiguration().setSendDateHeader(false);
            }
        }
    }
}
