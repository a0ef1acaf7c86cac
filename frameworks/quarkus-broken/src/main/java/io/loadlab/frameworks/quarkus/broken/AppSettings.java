package io.loadlab.frameworks.quarkus.broken;

import io.loadlab.frameworks.quarkus.reactivecommon.ReactiveSettings;
import jakarta.enterprise.context.ApplicationScoped;

/** {@code quarkus-broken}'s settings: {@code quarkus-reactive}'s, under its own name. */
@ApplicationScoped
public class BrokenSettings extends ReactiveSettings {
    public BrokenSettings() {
        super("quarkus-broken", "Hibernate Reactive with Panache on the Vert.x PostgreSQL client, POST under JTA"
                + " @Transactional", ZipCodes.class);
    }
}
