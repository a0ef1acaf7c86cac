/**
 * One trial as a pipeline ({@link io.loadlab.lab.trial.TrialRunner}): a fresh pinned server, the validation gate,
 * warm-up and measured window in one or N load children, then judgement into a {@code TrialResult}. The server is
 * stopped by PID whatever happens.
 */
package io.loadlab.lab.trial;
