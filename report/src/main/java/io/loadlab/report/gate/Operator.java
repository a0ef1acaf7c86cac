package io.loadlab.report.gate;

/** The operator of a {@link Threshold}: the value it measured must stand in this relation to the limit. */
enum Operator {
    LT("<"),
    LE("<="),
    GT(">"),
    GE(">="),
    EQ("=="),
    NE("!=");

    final String symbol;

    Operator(String symbol) {
        this.symbol = symbol;
    }

    static Operator of(String symbol) {
        for (Operator c : values()) {
            if (c.symbol.equals(symbol)) {
                return c;
            }
        }
        throw new IllegalArgumentException("unknown operator '" + symbol + "'");
    }

    boolean holds(double actual, double limit) {
        return switch (this) {
            case LT -> actual < limit;
            case LE -> actual <= limit;
            case GT -> actual > limit;
            case GE -> actual >= limit;
            case EQ -> actual == limit;
            case NE -> actual != limit;
        };
    }
}
