package io.loadlab.frameworks.quarkus;

import io.loadlab.core.settings.ServerSettings;
import java.util.List;

/**
 * What the shared Quarkus code asks of an application: its model, the settings it announces at {@code /settings}
 * and prints as its one line on stdout once it listens, its resource classes. Each application has one bean of it,
 * its {@code AppSettings}.
 */
public interface QuarkusApp {
    /** The model's name, e.g. {@code quarkus-reactive}. */
    String model();

    /** The settings of the running server, begun with {@link QuarkusSettings#begin}; only once it listens. */
    ServerSettings settings();

    /** The application's JAX-RS resource classes, whose annotations give a 405 its {@code Allow}. */
    List<Class<?>> resources();
}
