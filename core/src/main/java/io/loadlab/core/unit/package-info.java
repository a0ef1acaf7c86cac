/**
 * Durations, rates, counts, sizes and percentages as types, parsed from what users type ({@code 250ms}, {@code 10k/s},
 * {@code 8KiB}); a bad value is rejected when it is parsed, with a message saying what was expected.
 */
package io.loadlab.core.unit;
