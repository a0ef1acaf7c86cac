package io.loadlab.frameworks.helidon;

/**
 * The body of {@code GET /json}, {@code {"message":"Hello, World!"}}: an object each request hands to Helidon's JSON
 * media support to serialize, as TechEmpower's JSON test requires, never a string written once.
 */
record Message(String message) {}
