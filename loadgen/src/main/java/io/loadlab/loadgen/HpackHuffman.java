package io.loadlab.loadgen;

import io.netty.buffer.ByteBuf;

/**
 * The HPACK Huffman code (RFC 7541, Appendix B), decoded the canonical way: the code is canonical, so the code
 * lengths of its 257 symbols (256 octets and EOS) are all it takes. Decoding walks the bits one at a time against
 * the first code of each length; nothing is allocated per string. Stateless and thread-safe.
 */
final class HpackHuffman {
    private HpackHuffman() {}

    /** Code length in bits of symbol i (0-255, 256 = EOS), RFC 7541 Appendix B. */
    private static final byte[] LENGTHS = {
        13, 23, 28, 28, 28, 28, 28, 28, 28, 24, 30, 28, 28, 30, 28, 28, 28, 28, 28, 28, 28, 28, 30, 28, 28, 28, 28, 28,
                28, 28, 28, 28,
        6, 10, 10, 12, 13, 6, 8, 11, 10, 10, 8, 11, 8, 6, 6, 6, 5, 5, 5, 6, 6, 6, 6, 6, 6, 6, 7, 8, 15, 6, 12, 10,
        13, 6, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 8, 7, 8, 13, 19, 13, 14, 6,
        15, 5, 6, 5, 6, 5, 6, 6, 6, 5, 7, 7, 6, 6, 6, 5, 6, 7, 6, 5, 5, 6, 7, 7, 7, 7, 7, 15, 11, 14, 13, 28,
        20, 22, 20, 20, 22, 22, 22, 23, 22, 23, 23, 23, 23, 23, 24, 23, 24, 24, 22, 23, 24, 23, 23, 23, 23, 21, 22, 23,
                22, 23, 23, 24,
        22, 21, 20, 22, 22, 23, 23, 21, 23, 22, 22, 24, 21, 22, 23, 23, 21, 21, 22, 21, 23, 22, 23, 23, 20, 22, 22, 22,
                23, 22, 22, 23,
        26, 26, 20, 19, 22, 23, 22, 25, 26, 26, 26, 27, 27, 26, 24, 25, 19, 21, 26, 27, 27, 26, 27, 24, 21, 21, 26, 26,
                28, 27, 27, 27,
        20, 24, 20, 21, 22, 21, 21, 23, 22, 22, 25, 25, 24, 24, 26, 23, 26, 27, 26, 26, 27, 27, 27, 27, 27, 28, 27, 27,
                27, 27, 27, 26,
        30,
    };

    private static final int EOS = 256;
    private static final int MAX_LENGTH = 30;
    /** Per code length: the first code of that length, how many codes it has, where its symbols start. */
    private static final int[] FIRST = new int[MAX_LENGTH + 2];

    private static final int[] COUNT = new int[MAX_LENGTH + 2];
    private static final int[] OFFSET = new int[MAX_LENGTH + 2];
    /** Symbols ordered by (code length, symbol): the canonical order. */
    private static final int[] SYMBOLS = new int[257];

    static {
        for (byte l : LENGTHS) {
            COUNT[l]++;
        }
        int code = 0;
        int at = 0;
        for (int len = 1; len <= MAX_LENGTH; len++) {
            code = (code + COUNT[len - 1]) << 1;
            FIRST[len] = code;
            OFFSET[len] = at;
            for (int s = 0; s < LENGTHS.length; s++) {
                if (LENGTHS[s] == len) {
                    SYMBOLS[at++] = s;
                }
            }
        }
    }

    /** Returned by {@link #decode} for a malformed string: EOS inside it, or padding that is not a prefix of EOS. */
    static final int MALFORMED = -1;

    /**
     * Decodes the Huffman-coded string in {@code in[from, from + length)}, copying its first {@code out.length} octets
     * to {@code out} (which may be empty). Returns the decoded length, or {@link #MALFORMED}.
     */
    static int decode(ByteBuf in, int from, int length, byte[] out) {
        int n = 0;
        int code = 0;
        int bits = 0;
        for (int i = from, end = from + length; i < end; i++) {
            int b = in.getByte(i);
            for (int shift = 7; shift >= 0; shift--) {
                code = (code << 1) | ((b >>> shift) & 1);
                bits++;
                int k = code - FIRST[bits];
                if (k >= 0 && k < COUNT[bits]) {
                    int sym = SYMBOLS[OFFSET[bits] + k];
                    if (sym == EOS) {
                        return MALFORMED;
                    }
                    if (n < out.length) {
                        out[n] = (byte) sym;
                    }
                    n++;
                    code = 0;
                    bits = 0;
                } else if (bits > MAX_LENGTH) {
                    return MALFORMED;
                }
            }
        }
        // padding: at most 7 bits, all ones (the most significant bits of EOS)
        if (bits > 7 || code != (1 << bits) - 1) {
            return MALFORMED;
        }
        return n;
    }
}
