/**
 * The {@code quarkus-reactive} model, the reactive CRUD study's stack fixed: Quarkus REST resources that return
 * Mutiny {@code Uni}s on Vert.x's event loops, Hibernate Reactive with Panache on PostgreSQL for the zip codes (the
 * study's POST reading outside any transaction, its insert alone in a {@code @WithTransaction}), JSON by Quarkus REST's
 * Jackson support, the reactive REST client for the backend.
 */
package io.loadlab.frameworks.quarkus.reactive;
