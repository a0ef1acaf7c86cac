package io.loadlab.core.result;

/**
 * The load generator's check of a sample of the answers inside the window against what was asked (the exact body, or
 * the row asked for): how many it checked and how many were wrong (also counted as {@code wrong_answer} errors).
 */
public record AnswerChecks(long checked, long wrong) {}
