package io.loadlab.frameworks.quarkus.broken;

import io.loadlab.frameworks.common.ZipCode;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

/** The zip code reads, in a reactive session as {@code quarkus-reactive} makes them. */
@ApplicationScoped
public class ZipCodeStore {
    /** The row of {@code zip}, or a null item. */
    @WithSession
    public Uni<ZipCode> find(String zip) {
        return ZipCodeEntity.<ZipCodeEntity>findById(zip).onItem().ifNotNull().transform(ZipCodeEntity::row);
    }
}
