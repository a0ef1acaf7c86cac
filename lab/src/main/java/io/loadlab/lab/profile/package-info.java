/**
 * A trial's server profile over its measured window: async-profiler (JFR as the fallback) sampling stacks into a flame
 * graph, and the JVM's garbage collection, allocation and threads through the Attach API and JMX. Off by default
 * ({@code --profile}); nothing here fails a trial, what cannot be done becomes a note.
 */
package io.loadlab.lab.profile;
