package io.loadlab.frameworks.quarkus;

import io.loadlab.frameworks.common.ContractText;
import io.loadlab.frameworks.common.FrameworkSettings;
import io.quarkus.runtime.Quarkus;
import io.quarkus.runtime.StartupEvent;
import io.quarkus.vertx.http.HttpServerOptionsCustomizer;
import io.quarkus.vertx.http.HttpServerStart;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.ObservesAsync;
import jakarta.inject.Inject;

/**
 * The contract on Quarkus' Vert.x HTTP server, for every Quarkus application: the {@code Server} and {@code Date}
 * headers on every answer, a JSON 404 for what no route takes, HTTP/1.1 only (no cleartext HTTP/2 upgrade, so that
 * Vert.x sets each connection up at once), the {@link ContractGate} on every connection; and once it listens, the
 * settings as one line on stdout. A bad {@code LOADLAB_*} variable stops the start with its one-line reason. It keeps
 * the options Quarkus started the server with, for the settings to read back.
 */
@ApplicationScoped
public class VertxContract implements HttpServerOptionsCustomizer {
    private static volatile int port;
    private static volatile HttpServerOptions options;

    @Inject
    Vertx vertx;

    @Inject
    QuarkusApp app;

    /** The port the server listens on, once it does. */
    public static int port() {
        return port;
    }

    /** The options Quarkus started the HTTP server with, once it listens. */
    public static HttpServerOptions options() {
        return options;
    }

    void checkEnvironment(@Observes StartupEvent start) {
        String problem = LoadlabConfigSource.problem();
        if (problem != null) {
            System.err.println("loadlab " + app.model() + ": " + problem);
            Quarkus.asyncExit(2);
        }
    }

    void routes(@Observes Router router) {
        router.route().order(Integer.MIN_VALUE).handler(VertxContract::headers);
        router.route().order(Integer.MAX_VALUE).handler(VertxContract::notFound);
        router.errorHandler(404, VertxContract::notFound);
    }

    @Override
    public void customizeHttpServer(HttpServerOptions options) {
        options.setHttp2ClearTextEnabled(false);
    }

    void listening(@ObservesAsync HttpServerStart start) {
        options = start.options();
        port = GateInstaller.install(vertx);
        System.out.println(FrameworkSettings.json(app.settings()));
        System.out.flush();
        System.err.println("loadlab " + app.model() + ": listening on http://" + start.options().getHost() + ":" + port);
    }

    private static void headers(RoutingContext rc) {
        rc.response().headers().set(HttpHeaders.SERVER, ContractText.SERVER).set(HttpHeaders.DATE, HttpDate.now());
        rc.next();
    }

    private static void notFound(RoutingContext rc) {
        if (rc.response().ended()) {
            return;
        }
        byte[] body = ContractText.utf8(ContractText.errorJson(ContractText.NOT_FOUND));
        rc.response()
                .setStatusCode(404)
                .putHeader(HttpHeaders.SERVER, ContractText.SERVER)
                .putHeader(HttpHeaders.DATE, HttpDate.now())
                .putHeader(HttpHeaders.CONTENT_TYPE, ContractText.APPLICATION_JSON)
                .end(Buffer.buffer(body));
    }
}
