/**
 * The vertx model: one verticle per event loop on a shared port, waits on Vert.x timers, the core HTTP client and the
 * reactive PostgreSQL client; nothing blocks an event loop.
 */
package io.loadlab.servers.vertx;
