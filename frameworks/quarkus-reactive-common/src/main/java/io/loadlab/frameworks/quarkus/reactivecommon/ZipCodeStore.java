package io.loadlab.frameworks.quarkus.reactivecommon;

import io.loadlab.frameworks.common.ZipCode;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * The zip codes through Hibernate Reactive and Panache, each statement its own transaction as the reference servers
 * run them: a read in a reactive session with no transaction (autocommit), an insert alone in a reactive transaction
 * ({@code @WithTransaction}, the successor of the study's fix {@code @ReactiveTransactional}): {@code BEGIN}, the
 * insert flushed at commit, {@code COMMIT}.
 */
@ApplicationScoped
public class ZipCodeStore {
    /** The row of {@code zip}, or a null item. */
    @WithSession
    public Uni<ZipCode> find(String zip) {
        return ZipCodeEntity.<ZipCodeEntity>findById(zip).onItem().ifNotNull().transform(ZipCodeEntity::row);
    }

    /** Stores {@code row}; fails at commit when another request stored the same zip first. */
    @WithTransaction
    public Uni<ZipCode> insert(ZipCode row) {
        return ZipCodeEntity.of(row).persist().replaceWith(row);
    }
}
