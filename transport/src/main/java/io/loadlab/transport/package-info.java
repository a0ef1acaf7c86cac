/**
 * The Netty transport each of loadlab's own Netty processes runs on — the load generator, the backend, the netty
 * server (and, through Vert.x, the vertx server) — chosen by name per process: {@code io_uring}, {@code epoll} or
 * {@code nio}. Where the kernel or the platform refuses the one asked for, the next one down is used and a one-line
 * note says why.
 */
package io.loadlab.transport;
