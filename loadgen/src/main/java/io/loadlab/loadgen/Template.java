package io.loadlab.loadgen;

import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Text with {@code ${field}} placeholders, compiled once into literal byte runs and field indices so that rendering a
 * row writes bytes straight into the outgoing buffer. Immutable.
 */
final class Template {
    private final byte[][] literals;
    private final int[] fields;

    private Template(byte[][] literals, int[] fields) {
        this.literals = literals;
        this.fields = fields;
    }

    /** Compiles {@code text}; an unknown field is an {@link IllegalArgumentException} naming the known ones. */
    static Template compile(String text, List<String> known) {
        List<byte[]> lits = new ArrayList<>();
        List<Integer> idx = new ArrayList<>();
        int at = 0;
        while (true) {
            int open = text.indexOf("${", at);
            if (open < 0) {
                lits.add(text.substring(at).getBytes(StandardCharsets.UTF_8));
                break;
            }
            int close = text.indexOf('}', open);
            if (close < 0) {
                throw new IllegalArgumentException("unclosed ${ in '" + text + "'");
            }
            String field = text.substring(open + 2, close);
            int f = known.indexOf(field);
            if (f < 0) {
                throw new IllegalArgumentException(
                        "unknown field ${" + field + "} in '" + text + "'; the data set has " + known);
            }
            lits.add(text.substring(at, open).getBytes(StandardCharsets.UTF_8));
            idx.add(f);
            at = close + 1;
        }
        return new Template(
                lits.toArray(new byte[0][]),
                idx.stream().mapToInt(Integer::intValue).toArray());
    }

    boolean hasFields() {
        return fields.length > 0;
    }

    int length(byte[][] row) {
        int n = 0;
        for (byte[] l : literals) {
            n += l.length;
        }
        for (int f : fields) {
            n += row[f].length;
        }
        return n;
    }

    void render(byte[][] row, ByteBuf out) {
        for (int i = 0; i < fields.length; i++) {
            out.writeBytes(literals[i]);
            out.writeBytes(row[fields[i]]);
        }
        out.writeBytes(literals[fields.length]);
    }
}
