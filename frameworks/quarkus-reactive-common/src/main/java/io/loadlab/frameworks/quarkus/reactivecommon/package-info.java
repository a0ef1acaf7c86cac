/**
 * The reactive CRUD study's stack as {@code quarkus-reactive} and {@code quarkus-broken} share it: the contract's
 * routes on the event loop, {@code GET /zipcodes/{zip}} and the checks before a POST, the Panache entity and store on
 * Hibernate Reactive, the reactive REST client for the backend, the settings. Each application adds its own POST.
 */
package io.loadlab.frameworks.quarkus.reactivecommon;
