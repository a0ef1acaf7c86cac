package io.loadlab.core.result;

/**
 * Useful answers of a load run: responses with an expected status that arrived within the timeout of their first
 * attempt's intended send time — what a client that gives up after its timeout actually received.
 *
 * @param requests such responses inside the window
 * @param rps {@code requests} per second of the window
 */
public record Goodput(long requests, double rps) {}
