package io.loadlab.core.result;

import java.util.List;

/** The validation gate's outcome: every check made at low load, and the first that failed (null when all passed). */
public record ValidationResult(boolean passed, List<String> checks, String failure) {}
