/**
 * What the models share around the contract: start-time checks, TLS, graceful drain, the backend connection budget,
 * the settings every model announces, and the watchdog that proves event loops do not block.
 */
package io.loadlab.servers.runtime;
