package io.loadlab.frameworks.springmvc;

import io.loadlab.frameworks.common.ContractErrorValve;
import org.apache.catalina.core.StandardHost;
import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.stereotype.Component;

/** Tomcat's own error answers (requests it refuses while parsing) in the contract's JSON, not its HTML page. */
@Component
class TomcatSetup implements WebServerFactoryCustomizer<TomcatServletWebServerFactory> {
    @Override
    public void customize(TomcatServletWebServerFactory factory) {
        factory.addContextCustomizers(context -> ContractErrorValve.install((StandardHost) context.getParent()));
    }
}
