/**
 * What the lab watches while a trial runs: each process's CPU, memory, threads and context switches from {@code /proc}
 * once a second on its own thread, and the server's JIT threads during the warm-up.
 */
package io.loadlab.lab.sample;
