/**
 * The servlet models on Jetty 12: servlet-sync blocks its container thread; servlet-async releases it through {@code
 * AsyncContext}, waiting either without any thread or on a worker pool, as Spring's {@code DeferredResult} did.
 */
package io.loadlab.servers.servlet;
