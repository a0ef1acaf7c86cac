/**
 * The four blocking-socket models (single thread, thread pool, thread per connection, virtual threads): one strict
 * HTTP/1.1 codec and one blocking handler shared by all, only the thread strategy differing.
 */
package io.loadlab.servers.blocking;
