/**
 * The lab ↔ child protocol: the typed job a child JVM reads at start ({@link io.loadlab.lab.child.ChildJob}), the
 * events it answers with on stdout, the commands it takes on stdin, and {@link io.loadlab.lab.child.ChildMain}, the
 * entry point of every child. A renamed field breaks the build, not a run.
 */
package io.loadlab.lab.child;
