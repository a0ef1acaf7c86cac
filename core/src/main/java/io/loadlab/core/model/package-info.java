/**
 * The catalog of concurrency models: the only place a model is named, with its label, whether its waiting requests
 * hold a thread, how it is launched, the knobs it takes with their defaults and what its design caps; and the
 * settings in which an experiment's models may differ without being their knobs ({@code Parity}). The servers, the
 * lab, the report and the command line's help read it; nothing else spells a model's id.
 */
package io.loadlab.core.model;
