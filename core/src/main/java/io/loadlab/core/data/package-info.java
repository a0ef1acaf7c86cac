/**
 * The deterministic zip-code data set: the rows the servers store and the load generator's scenarios send, the same
 * seed giving the same rows in the same order everywhere, so every trial does the same work.
 */
package io.loadlab.core.data;
