package io.loadlab.frameworks.quarkus.reactive;

import io.loadlab.frameworks.quarkus.reactivecommon.ReactiveSettings;
import jakarta.enterprise.context.ApplicationScoped;

/** {@code quarkus-reactive}'s settings. */
@ApplicationScoped
public class ReactiveAppSettings extends ReactiveSettings {
    public ReactiveAppSettings() {
        super("quarkus-reactive", "Hibernate Reactive with Panache on the Vert.x PostgreSQL client", ZipCodes.class);
    }
}
