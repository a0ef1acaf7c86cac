/**
 * The domain work every model does alike: the zip-code JSON, the SQL, and the database stores, blocking (JDBC with
 * HikariCP) and non-blocking (the reactive PostgreSQL client), so blocking and non-blocking models do the same work.
 */
package io.loadlab.servers.domain;
