/**
 * The {@code quarkus-broken} model: the reactive CRUD study's first application, {@code quarkus-reactive}'s stack
 * with its POST under JTA's {@code @Transactional} instead of {@code @WithTransaction}. It answers {@code /health}
 * and the read routes; its POSTs fail as docs/findings.md tells, for the lab to refuse its numbers.
 */
package io.loadlab.frameworks.quarkus.broken;
