/**
 * The validation gate: before any load, each of the scenario's requests once and the bad inputs, sent raw over
 * HTTP/1.1 or HTTP/2 and checked against the contract, so a broken app yields APP_BROKEN instead of a number.
 */
package io.loadlab.lab.validate;
