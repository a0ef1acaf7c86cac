package io.loadlab.frameworks.quarkus;

import java.util.List;
import java.util.Map;

/**
 * What an application reports at {@code /settings} and prints as its one line on stdout once it listens; each
 * application has one bean of it.
 */
public interface AppSettings {
    /** The model's name, e.g. {@code quarkus-reactive}. */
    String model();

    /** The settings for a server listening on {@code port}, starting with {@link QuarkusSettings#base}. */
    Map<String, Object> settings(int port);

    /** The application's JAX-RS resource classes, whose annotations give a 405 its {@code Allow}. */
    List<Class<?>> resources();
}
