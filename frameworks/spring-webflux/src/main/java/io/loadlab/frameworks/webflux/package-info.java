/**
 * {@code spring-webflux}: the loadlab contract as a Spring WebFlux application on Reactor Netty. Annotated
 * controllers return {@code Mono}s; {@code /delay} waits on a reactive timer, {@code /backend} on {@code WebClient},
 * {@code /zipcodes} on R2DBC PostgreSQL through Spring's {@code DatabaseClient}: no thread waits.
 */
package io.loadlab.frameworks.webflux;
