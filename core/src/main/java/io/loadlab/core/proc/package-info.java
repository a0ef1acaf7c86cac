/**
 * Readers of Linux's {@code /proc}: per-core CPU times, one process's CPU, memory and threads, its threads' context
 * switches; and SIGTERM/SIGINT as a graceful stop. Snapshots are immutable; comparing two gives a rate.
 */
package io.loadlab.core.proc;
