/**
 * The HTTP contract shared by every model: routes, bodies, content types and error bodies, and the shared {@code Date}
 * header, so that each model answers byte for byte the same and decides only how it waits.
 */
package io.loadlab.servers.http;
