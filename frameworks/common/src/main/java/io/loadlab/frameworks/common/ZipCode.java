package io.loadlab.frameworks.common;

import java.util.Map;

/**
 * One row of the {@code zipcode} table and the body of {@code POST /zipcodes}, validated as the contract says: six
 * string fields of at most 100 characters, the zip exactly five digits.
 */
public record ZipCode(String zip, String type, String city, String state, String county, String timezone) {
    private static final String[] FIELDS = {"zip", "type", "city", "state", "county", "timezone"};
    private static final int MAX_FIELD = 100;

    /** A 400 answer: the message is the JSON error's reason. */
    public static final class BadRequest extends Exception {
        public BadRequest(String message) {
            super(message, null, false, false);
        }
    }

    /** The row of a parsed JSON body ({@code body} as a JSON library reads it: a map for an object). */
    public static ZipCode of(Object body) throws BadRequest {
        if (!(body instanceof Map<?, ?> map)) {
            throw new BadRequest(ContractText.NOT_AN_OBJECT);
        }
        String[] v = new String[FIELDS.length];
        for (int i = 0; i < FIELDS.length; i++) {
            if (!(map.get(FIELDS[i]) instanceof String s)) {
                throw new BadRequest("field '" + FIELDS[i] + "' must be a string");
            }
            if (s.length() > MAX_FIELD) {
                throw new BadRequest("field '" + FIELDS[i] + "' is longer than " + MAX_FIELD + " characters");
            }
            v[i] = s;
        }
        if (!ContractText.isValidZip(v[0])) {
            throw new BadRequest(ContractText.BAD_ZIP);
        }
        return new ZipCode(v[0], v[1], v[2], v[3], v[4], v[5]);
    }

    /** The row as the contract's JSON object, fields in the table's order. */
    public String toJson() {
        String[] v = {zip, type, city, state, county, timezone};
        StringBuilder b = new StringBuilder(160).append('{');
        for (int i = 0; i < FIELDS.length; i++) {
            b.append(i == 0 ? "" : ",").append('"').append(FIELDS[i]).append("\":").append(quote(v[i]));
        }
        return b.append('}').toString();
    }

    /** {@code s} as a JSON string; control characters become spaces, as in the reference servers' errors. */
    static String quote(String s) {
        StringBuilder b = new StringBuilder(s.length() + 2).append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                default -> b.append(c < 0x20 ? ' ' : c);
            }
        }
        return b.append('"').toString();
    }
}
