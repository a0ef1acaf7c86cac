package io.loadlab.core.result;

/** One finding about a trial, with a reason a user can act on. */
public record Verdict(VerdictCode code, String reason) {}
