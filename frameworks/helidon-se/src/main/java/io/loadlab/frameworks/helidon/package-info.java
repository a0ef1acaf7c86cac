/**
 * The {@code helidon-se} model: Helidon SE 4's WebServer, which runs every request on a virtual thread of its own,
 * with routes that block that thread: {@code /delay} sleeps, {@code /backend} waits on Helidon's {@code WebClient},
 * {@code /zipcodes} on JDBC over HikariCP.
 */
package io.loadlab.frameworks.helidon;
