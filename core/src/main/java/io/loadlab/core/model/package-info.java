/**
 * The catalog of concurrency models: the only place a model is named, with its label, whether its waiting requests
 * hold a thread, the knobs it takes and what its design caps. The servers, the lab and the report all read it.
 */
package io.loadlab.core.model;
