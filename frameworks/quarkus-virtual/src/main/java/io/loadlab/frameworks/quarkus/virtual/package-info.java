/**
 * The {@code quarkus-virtual} model: Quarkus REST resources whose waiting routes run on {@code @RunOnVirtualThread}
 * (a virtual thread per request, blocking freely) and whose other routes stay on the event loop, Hibernate ORM with
 * Panache on Agroal's JDBC pool for the zip codes (the study's POST reading outside any transaction, its insert alone
 * in a JTA {@code @Transactional}), JSON by Quarkus REST's Jackson support, the REST client's blocking interface for
 * the backend.
 */
package io.loadlab.frameworks.quarkus.virtual;
