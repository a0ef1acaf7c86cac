package io.loadlab.core.result;

/**
 * The client retries of a load run: its policy and how many failed attempts it retried inside the window. Counted
 * apart from the requests: a request is counted once, with the outcome of its last attempt, and its latency runs from
 * its first attempt's intended send time.
 *
 * @param max retries allowed per request ({@code --retries})
 * @param backoffMs the first retry's backoff bound ({@code --retry-backoff}), doubled per retry, with full jitter
 * @param count failed attempts retried inside the window
 */
public record Retries(int max, double backoffMs, long count) {}
