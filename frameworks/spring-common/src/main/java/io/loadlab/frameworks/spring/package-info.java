/**
 * What the Spring Boot framework models share whatever their web stack (Reactor Netty, Jetty): starting from the
 * {@code LOADLAB_*} environment with Boot's defaults left alone, failing in one line, and the {@code /settings} they
 * report once bound. Each application does the rest in its own stack's idioms.
 */
package io.loadlab.frameworks.spring;
