/**
 * The lab's child processes: the typed job a child JVM reads at start ({@link io.loadlab.lab.child.ChildJob}), the
 * events it answers with on stdout, the commands it takes on stdin, {@link io.loadlab.lab.child.ChildMain} (the entry
 * point of every child), their launcher, and the framework models' jars they run. A renamed field breaks the build.
 */
package io.loadlab.lab.child;
