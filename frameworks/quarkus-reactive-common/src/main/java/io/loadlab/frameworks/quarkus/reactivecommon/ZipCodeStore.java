package io.loadlab.frameworks.quarkus.reactivecommon;

import io.loadlab.frameworks.common.ZipCode;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * The zip codes through Hibernate Reactive and Panache: the study's query-or-insert in one reactive transaction
 * ({@code @WithTransaction}, the successor of the study's fix {@code @ReactiveTransactional}) finds the zip code and
 * persists it when absent, the insert flushed at commit; a read runs in a reactive session.
 */
@ApplicationScoped
public class ZipCodeStore {
    /** A stored row, and whether this call inserted it. */
    public record Upsert(ZipCode row, boolean created) {}

    @WithTransaction
    public Uni<Upsert> queryOrInsert(ZipCode row) {
        return ZipCodeEntity.<ZipCodeEntity>findById(row.zip())
                .onItem().ifNotNull().transform(found -> new Upsert(found.row(), false))
                .onItem().ifNull().switchTo(() -> ZipCodeEntity.of(row).persist().replaceWith(new Upsert(row, true)));
    }

    /** The row of {@code zip}, or a null item. */
    @WithSession
    public Uni<ZipCode> find(String zip) {
        return ZipCodeEntity.<ZipCodeEntity>findById(zip).onItem().ifNotNull().transform(ZipCodeEntity::row);
    }
}
