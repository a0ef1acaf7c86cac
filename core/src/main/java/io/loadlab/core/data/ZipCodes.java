package io.loadlab.core.data;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;

/**
 * The deterministic zip-code data set shared by the servers' tests and the load generator's scenarios: the same
 * seed and size give the same rows in the same order on every machine, so every run does the same work.
 */
public final class ZipCodes {
    private static final String[] TYPES = {"STANDARD", "PO BOX", "UNIQUE", "MILITARY"};
    private static final String[] STATES = {
        "AL", "AK", "AZ", "CA", "CO", "FL", "GA", "IL", "MA", "MI", "NY", "NC", "OH", "OR", "PA", "TX", "VA", "WA"
    };
    private static final String[] TIMEZONES = {
        "America/New_York", "America/Chicago", "America/Denver", "America/Los_Angeles", "America/Anchorage"
    };
    private static final String[] SYLLABLES = {
        "an", "ber", "cas", "del", "field", "glen", "ham", "ing", "ton", "ville", "wood", "ridge", "port", "dale",
        "mont", "ley", "ford", "burg", "lake", "spring"
    };

    private ZipCodes() {}

    /** {@code size} distinct rows (at most 100,000) generated from {@code seed}. */
    public static List<ZipCode> generate(long seed, int size) {
        if (size < 0 || size > 100_000) {
            throw new IllegalArgumentException("a zip-code data set holds 0 to 100,000 rows, asked for " + size);
        }
        Random random = new Random(seed);
        Set<String> seen = new HashSet<>(size * 2);
        List<ZipCode> rows = new ArrayList<>(size);
        while (rows.size() < size) {
            String zip = String.format("%05d", random.nextInt(100_000));
            if (!seen.add(zip)) {
                continue;
            }
            rows.add(new ZipCode(
                    zip,
                    TYPES[random.nextInt(TYPES.length)],
                    name(random),
                    STATES[random.nextInt(STATES.length)],
                    name(random) + " County",
                    TIMEZONES[random.nextInt(TIMEZONES.length)]));
        }
        return List.copyOf(rows);
    }

    private static String name(Random random) {
        int parts = 2 + random.nextInt(2);
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < parts; i++) {
            b.append(SYLLABLES[random.nextInt(SYLLABLES.length)]);
        }
        b.setCharAt(0, Character.toUpperCase(b.charAt(0)));
        return b.toString();
    }

    /** True when {@code zip} is exactly five ASCII digits, the contract's only valid form. */
    public static boolean isValidZip(String zip) {
        if (zip == null || zip.length() != 5) {
            return false;
        }
        for (int i = 0; i < 5; i++) {
            char c = zip.charAt(i);
            if (c < '0' || c > '9') {
                return false;
            }
        }
        return true;
    }
}
