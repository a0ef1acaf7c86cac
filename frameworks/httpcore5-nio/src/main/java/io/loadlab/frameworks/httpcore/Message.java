package io.loadlab.frameworks.httpcore;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.loadlab.frameworks.common.ContractText;
import java.io.UncheckedIOException;

/**
 * The body of {@code GET /json}, serialized per request from this object with Jackson (HttpCore has no JSON support
 * of its own; the application carries Jackson for its zip codes), as TechEmpower's JSON test requires: never a
 * string written once.
 */
record Message(String message) {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** {@code {"message":"Hello, World!"}}, freshly serialized. */
    static byte[] helloJson() {
        try {
            return JSON.writeValueAsBytes(new Message(ContractText.PLAINTEXT));
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
