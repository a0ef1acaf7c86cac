package io.loadlab.frameworks.quarkus;

import io.loadlab.frameworks.common.ContractText;

/**
 * {@code GET /json}'s answer as an object, made and serialized by Quarkus REST's JSON support on every request
 * (TechEmpower's rule for its JSON test: never a string written once).
 */
public record Message(String message) {
    /** {@code {"message":"Hello, World!"}}, a new object for each request. */
    public static Message hello() {
        return new Message(ContractText.PLAINTEXT);
    }
}
