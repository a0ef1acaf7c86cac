package io.loadlab.frameworks.quarkus.virtual;

import io.loadlab.frameworks.common.ZipCode;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;
import java.util.Optional;

/**
 * The zip codes with Hibernate ORM and Panache, blocking the calling (virtual) thread, each statement its own
 * transaction as the reference servers run them: a read outside any transaction (Agroal's connection in autocommit),
 * an insert alone in a JTA transaction ({@code BEGIN}, the insert flushed at commit, {@code COMMIT}).
 */
@ApplicationScoped
public class ZipCodeStore {
    public Optional<ZipCode> find(String zip) {
        return ZipCodeEntity.<ZipCodeEntity>findByIdOptional(zip).map(ZipCodeEntity::row);
    }

    /** Stores {@code row}; fails at commit when another request stored the same zip first. */
    @Transactional
    public void insert(ZipCode row) {
        ZipCodeEntity.of(row).persist();
    }
}
