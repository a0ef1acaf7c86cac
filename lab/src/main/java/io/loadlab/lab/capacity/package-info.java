/**
 * Capacity at a service-level objective: the goal a suite or {@code --capacity} states ({@link
 * io.loadlab.lab.capacity.CapacityGoals}), how one open-model step is judged ({@link
 * io.loadlab.lab.capacity.StepJudge}) and the search over steps ({@link io.loadlab.lab.capacity.CapacitySearcher}):
 * a geometric ramp, then bisection, stopping with a lower bound when the lab rather than the model ran out. The
 * search only decides rates; each step is an ordinary trial the lab runs on a fresh server and stores.
 */
package io.loadlab.lab.capacity;
