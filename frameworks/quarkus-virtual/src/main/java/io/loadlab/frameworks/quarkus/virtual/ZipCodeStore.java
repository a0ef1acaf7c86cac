package io.loadlab.frameworks.quarkus.virtual;

import io.loadlab.frameworks.common.ZipCode;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;
import java.util.Optional;

/**
 * The study's query-or-insert with Hibernate ORM and Panache, blocking its (virtual) thread: in one JTA transaction
 * find the zip code, and persist it when absent; the insert is flushed at commit.
 */
@ApplicationScoped
public class ZipCodeStore {
    /** A stored row, and whether this call inserted it. */
    public record Upsert(ZipCode row, boolean created) {}

    @Transactional
    public Upsert queryOrInsert(ZipCode row) {
        ZipCodeEntity found = ZipCodeEntity.findById(row.zip());
        if (found != null) {
            return new Upsert(found.row(), false);
        }
        ZipCodeEntity.of(row).persist();
        return new Upsert(row, true);
    }

    @Transactional
    public Optional<ZipCode> find(String zip) {
        return ZipCodeEntity.<ZipCodeEntity>findByIdOptional(zip).map(ZipCodeEntity::row);
    }
}
