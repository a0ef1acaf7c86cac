/**
 * The suite's dependencies, started once and shared by every trial: the slow backend and PostgreSQL, their health
 * polls, and the probes that count the work they did over a measured window.
 */
package io.loadlab.lab.deps;
