/**
 * The verdicts: pure functions of an {@link io.loadlab.lab.verdict.Evidence} record (the load report, resources,
 * dependency work, ceiling, thresholds), one check per verdict code, each with a reason a user can act on. Nothing
 * here starts or reads anything.
 */
package io.loadlab.lab.verdict;
