/**
 * {@code spring-mvc-async}: the Spring async-servlet study's system, Spring MVC on embedded Jetty. The waiting routes
 * hand a blocking task (sleep, a blocking backend call, JDBC) to a worker pool: {@code LOADLAB_MODE=async} returns a
 * {@code DeferredResult} the worker completes and frees the Jetty thread; {@code sync} blocks the Jetty thread on the
 * worker's {@code Future}, as the study's {@code /sync-100ms} did.
 */
package io.loadlab.frameworks.mvcasync;
