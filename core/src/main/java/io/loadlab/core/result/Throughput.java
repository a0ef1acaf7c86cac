package io.loadlab.core.result;

/**
 * Responses completed inside the measured window (any status; unfinished requests are not responses).
 *
 * @param requests responses completed in the window
 * @param rps {@code requests} per second of the window: the achieved rate
 * @param bytesRead every byte read in the window, of usable responses or not
 */
public record Throughput(long requests, double rps, long bytesRead) {}
