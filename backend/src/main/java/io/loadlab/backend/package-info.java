/**
 * The slow downstream service the servers call: {@code GET /hello} answered after a delay, {@code /stats} counting the
 * calls. One Netty event-loop thread accepts and serves and never blocks, so the backend's own concurrency is never
 * the limit a trial measures. Its one input is {@link io.loadlab.backend.BackendSpec}.
 */
package io.loadlab.backend;
