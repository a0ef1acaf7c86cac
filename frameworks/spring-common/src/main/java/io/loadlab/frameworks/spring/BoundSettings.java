package io.loadlab.frameworks.spring;

import io.loadlab.core.settings.ServerSettings;
import io.loadlab.frameworks.common.AppEnv;
import io.loadlab.frameworks.common.FrameworkSettings;
import org.springframework.boot.SpringBootVersion;
import org.springframework.boot.web.server.WebServer;
import org.springframework.boot.web.server.context.WebServerInitializedEvent;
import org.springframework.context.ApplicationListener;
import org.springframework.core.SpringVersion;

/**
 * {@code /settings} of a Spring Boot model, known once its web server is bound: the settings record begun by {@link
 * FrameworkSettings} (model, address, the JVM) and finished by the model ({@link #complete}) with what it reads back
 * from its running server and clients.
 */
public abstract class BoundSettings implements ApplicationListener<WebServerInitializedEvent> {
    private final String model;
    private final String web;
    private final AppEnv env;
    private volatile ServerSettings settings;
    private volatile String json = "{}";

    /** {@code web}: the Spring web stack, e.g. {@code Spring WebFlux}. */
    protected BoundSettings(String model, String web, AppEnv env) {
        this.model = model;
        this.web = web;
        this.env = env;
    }

    @Override
    public void onApplicationEvent(WebServerInitializedEvent event) {
        WebServer server = event.getWebServer();
        settings = complete(FrameworkSettings.begin(model, env, server.getPort()), server).build();
        json = FrameworkSettings.json(settings);
    }

    /**
     * Finishes {@code b} with the model's own settings as its running {@code server} and clients have them: software,
     * backlog and keep-alive where the server says, threads, database, backend client, own knobs.
     */
    protected abstract ServerSettings.Builder complete(ServerSettings.Builder b, WebServer server);

    /** {@code Spring Boot 4.0.7, Spring MVC 7.0.8}: the versions read from Spring's classes. */
    protected final String framework() {
        return "Spring Boot " + SpringBootVersion.getVersion() + ", " + web + " " + SpringVersion.getVersion();
    }

    /** The settings as served at {@code GET /settings}: one line of JSON. */
    public String json() {
        return json;
    }

    /** The settings record; null until the server is bound. */
    public ServerSettings settings() {
        return settings;
    }
}
