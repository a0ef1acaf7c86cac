package io.loadlab.frameworks.springmvc;

import io.loadlab.frameworks.common.ContractErrorValve;
import io.loadlab.frameworks.common.TomcatBaseDir;
import java.io.IOException;
import java.io.UncheckedIOException;
import org.apache.catalina.core.StandardHost;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.stereotype.Component;

/**
 * Tomcat's own error answers (requests it refuses while parsing) in the contract's JSON, not its HTML page; and its
 * base directory made here and deleted when the context closes (the web server has stopped by then), where Spring
 * Boot's own would stay behind in the temporary directory.
 */
@Component
class TomcatSetup implements WebServerFactoryCustomizer<TomcatServletWebServerFactory>, DisposableBean {
    private TomcatBaseDir baseDir;

    @Override
    public void customize(TomcatServletWebServerFactory factory) {
        factory.addContextCustomizers(context -> ContractErrorValve.install((StandardHost) context.getParent()));
        try {
            baseDir = TomcatBaseDir.create("spring-mvc");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot make Tomcat's base directory", e);
        }
        factory.setBaseDirectory(baseDir.path().toFile());
    }

    /** Tomcat's base directory, once the web server is made. */
    java.nio.file.Path baseDir() {
        return baseDir.path();
    }

    @Override
    public void destroy() {
        if (baseDir != null) {
            baseDir.close();
        }
    }
}
