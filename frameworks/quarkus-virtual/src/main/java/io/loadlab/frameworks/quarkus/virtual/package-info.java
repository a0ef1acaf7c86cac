/**
 * The {@code quarkus-virtual} model: Quarkus REST resources on {@code @RunOnVirtualThread} (a virtual thread per
 * request, blocking freely), Hibernate ORM with Panache on Agroal's JDBC pool for the zip codes (the study's POST in
 * a JTA {@code @Transactional}), the REST client's blocking interface for the backend.
 */
package io.loadlab.frameworks.quarkus.virtual;
