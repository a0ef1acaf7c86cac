/**
 * Every process the lab started, by PID, so that each is ended (SIGTERM, a grace period, then SIGKILL, descendants
 * included) on every way out: a trial's end, a crash, Ctrl-C. Thread-safe.
 */
package io.loadlab.lab.proc;
