package io.loadlab.core.unit;

import java.math.BigDecimal;

/**
 * A share of a whole, written {@code 1%}, {@code 0.5%} or as a plain fraction {@code 0.01}. Between 0 and 100%.
 *
 * @param fraction the share as a fraction, 0 to 1
 */
public record Percent(double fraction) {
    public Percent {
        if (!(fraction >= 0 && fraction <= 1)) {
            throw new IllegalArgumentException("a percentage must be between 0% and 100%, got " + fraction);
        }
    }

    public static Percent of(double fraction) {
        return new Percent(fraction);
    }

    public static Percent parse(String text) {
        String s = text == null ? "" : text.trim();
        try {
            if (s.endsWith("%")) {
                return new Percent(
                        Double.parseDouble(s.substring(0, s.length() - 1).trim()) / 100);
            }
            double v = Double.parseDouble(s);
            if (v > 1) {
                throw new IllegalArgumentException();
            }
            return new Percent(v);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(
                    "expected a percentage such as 1%, 0.5% or a fraction such as 0.01, got '" + text + "'");
        }
    }

    @Override
    public String toString() {
        double p = Math.round(fraction * 100 * 1e6) / 1e6;
        return BigDecimal.valueOf(p).stripTrailingZeros().toPlainString() + "%";
    }
}
