/**
 * The records written to disk: a load run's report ({@code load.json}), a trial, a suite's {@code results.json} and
 * its environment, each documented in {@code docs/}. Immutable; files of an older schema version are read through
 * {@link io.loadlab.core.result.ResultsUpgrade}.
 */
package io.loadlab.core.result;
