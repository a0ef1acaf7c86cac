package io.loadlab.frameworks.spring;

import io.loadlab.frameworks.common.AppEnv;
import io.loadlab.frameworks.common.Reasons;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Function;
import org.springframework.boot.Banner;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.web.server.PortInUseException;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * How a Spring Boot framework model starts: from the environment only, quiet, with a bounded graceful stop on
 * SIGTERM; once it listens, its settings as one JSON line on stdout (as {@code loadlab serve}); a failed start as one
 * line on stderr and exit status 1, never Boot's report and stack trace.
 */
public final class SpringLaunch {
    private SpringLaunch() {}

    /** The {@code main} of a model: {@code start} runs it from this process's environment. */
    public static void main(String model, Function<AppEnv, ConfigurableApplicationContext> start) {
        AppEnv env = AppEnv.fromSystem();
        BoundSettings settings;
        try {
            settings = start.apply(env).getBean(BoundSettings.class);
        } catch (RuntimeException e) {
            System.err.println("loadlab " + model + ": " + failure(e, env));
            System.exit(1);
            return;
        }
        System.out.println(settings.json());
        System.err.println("loadlab " + settings.settings().model() + ": listening on http://" + env.host() + ":"
                + settings.settings().port());
    }

    /** Runs {@code type} with {@code properties} and {@code env} as the bean {@code appEnv}; returns once it serves. */
    public static ConfigurableApplicationContext run(
            Class<?> type, AppEnv env, Map<String, Object> properties, Object... beans) {
        SpringApplication app = new SpringApplication(type);
        app.setBannerMode(Banner.Mode.OFF);
        app.setLogStartupInfo(false);
        app.setDefaultProperties(properties);
        app.addInitializers(c -> {
            c.getBeanFactory().registerSingleton("appEnv", env);
            for (Object bean : beans) {
                c.getBeanFactory().registerSingleton(bean.getClass().getSimpleName(), bean);
            }
        });
        return app.run();
    }

    /**
     * The properties every model sets the same way, and no more: where to listen, the contract's header limit, no
     * static resources, a graceful stop bounded to 4 s, logs at WARN, and a failed start left to {@link #main}.
     */
    public static Map<String, Object> properties(AppEnv env) {
        Map<String, Object> p = new HashMap<>();
        p.put("server.address", env.host());
        p.put("server.port", env.port());
        p.put("server.max-http-request-header-size", "8KB");
        p.put("server.shutdown", "graceful");
        p.put("spring.lifecycle.timeout-per-shutdown-phase", "4s");
        p.put("spring.web.resources.add-mappings", false);
        p.put("logging.level.root", "WARN");
        p.put("logging.level.org.springframework.boot.SpringApplication", "OFF");
        p.put("logging.level.org.springframework.boot.diagnostics", "OFF");
        p.put("logging.level.org.springframework.boot.web.server", "ERROR");
        return p;
    }

    /** A failed start in one line: a bad variable, the port in use, PostgreSQL out of reach. */
    public static String failure(Throwable e, AppEnv env) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof PortInUseException p) {
                return "port " + p.getPort() + " on " + env.host() + " is in use; choose another with LOADLAB_PORT"
                        + " (0 picks a free one)";
            }
            if ((t instanceof IllegalArgumentException || t instanceof IllegalStateException)
                    && t.getMessage() != null
                    && t.getMessage().contains("LOADLAB_")) {
                return t.getMessage();
            }
        }
        return Reasons.startFailure(e, env);
    }
}
