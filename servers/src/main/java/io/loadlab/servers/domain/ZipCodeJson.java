package io.loadlab.servers.domain;

import com.fasterxml.jackson.databind.JsonNode;
import io.loadlab.core.Json;
import io.loadlab.core.data.ZipCode;
import io.loadlab.core.data.ZipCodes;
import java.io.IOException;

/** Parses and renders the body of {@code POST /zipcodes}, with the one JSON library every model uses. */
public final class ZipCodeJson {
    private static final String[] FIELDS = {"zip", "type", "city", "state", "county", "timezone"};
    private static final int MAX_FIELD = 100;

    private ZipCodeJson() {}

    /** A 400 answer: {@code message} is the JSON error's reason. */
    public static final class BadRequest extends Exception {
        public BadRequest(String message) {
            super(message, null, false, false);
        }
    }

    public static ZipCode parse(byte[] body) throws BadRequest {
        JsonNode node;
        try {
            node = Json.mapper().readTree(body);
        } catch (IOException e) {
            throw new BadRequest("body is not valid JSON");
        }
        if (node == null || !node.isObject()) {
            throw new BadRequest("body must be a JSON object with zip, type, city, state, county, timezone");
        }
        String[] v = new String[FIELDS.length];
        for (int i = 0; i < FIELDS.length; i++) {
            JsonNode f = node.get(FIELDS[i]);
            if (f == null || !f.isTextual()) {
                throw new BadRequest("field '" + FIELDS[i] + "' must be a string");
            }
            v[i] = f.textValue();
            if (v[i].length() > MAX_FIELD) {
                throw new BadRequest("field '" + FIELDS[i] + "' is longer than " + MAX_FIELD + " characters");
            }
        }
        if (!ZipCodes.isValidZip(v[0])) {
            throw new BadRequest("zip must be exactly 5 digits");
        }
        return new ZipCode(v[0], v[1], v[2], v[3], v[4], v[5]);
    }

    public static byte[] render(ZipCode row) {
        try {
            return Json.mapper().writeValueAsBytes(row);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
