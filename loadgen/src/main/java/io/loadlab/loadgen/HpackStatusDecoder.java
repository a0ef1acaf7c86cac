package io.loadlab.loadgen;

import io.netty.buffer.ByteBuf;
import java.util.Arrays;

/**
 * Reads the {@code :status} of HTTP/2 response header blocks (RFC 7541) and nothing else, keeping the connection's
 * dynamic table exactly as the server's encoder does: each entry is only its size and, when its name is
 * {@code :status}, its status code, since that is all a later reference to it can ask. Strings of fields that are
 * not indexed and not {@code :status} are skipped without decoding; Huffman strings entering the table are decoded
 * only to count their octets. Nothing is allocated per block.
 *
 * <p>Not thread-safe: one per connection, fed that connection's header blocks in order.
 */
final class HpackStatusDecoder {
    /** A malformed block: a bad integer or string, an index out of range, a table size over the limit. */
    static final int MALFORMED = -2;
    /** A block without {@code :status}. */
    static final int NO_STATUS = -1;

    private static final int STATIC_SIZE = 61;
    /** The {@code :status} entries of the static table, indices 8 to 14. */
    private static final int[] STATIC_STATUS = {200, 204, 206, 304, 400, 404, 500};

    private static final int NOT_STATUS = -3;

    /** The names of the static table (RFC 7541 Appendix A), index 1 first: their lengths size new entries. */
    private static final String[] STATIC_NAMES = {
        ":authority",
        ":method",
        ":method",
        ":path",
        ":path",
        ":scheme",
        ":scheme",
        ":status",
        ":status",
        ":status",
        ":status",
        ":status",
        ":status",
        ":status",
        "accept-charset",
        "accept-encoding",
        "accept-language",
        "accept-ranges",
        "accept",
        "access-control-allow-origin",
        "age",
        "allow",
        "authorization",
        "cache-control",
        "content-disposition",
        "content-encoding",
        "content-language",
        "content-length",
        "content-location",
        "content-range",
        "content-type",
        "cookie",
        "date",
        "etag",
        "expect",
        "expires",
        "from",
        "host",
        "if-match",
        "if-modified-since",
        "if-none-match",
        "if-range",
        "if-unmodified-since",
        "last-modified",
        "link",
        "location",
        "max-forwards",
        "proxy-authenticate",
        "proxy-authorization",
        "range",
        "referer",
        "refresh",
        "retry-after",
        "server",
        "set-cookie",
        "strict-transport-security",
        "transfer-encoding",
        "user-agent",
        "vary",
        "via",
        "www-authenticate"
    };

    private static final int[] STATIC_NAME_LENGTHS = new int[STATIC_NAMES.length];

    static {
        for (int i = 0; i < STATIC_NAMES.length; i++) {
            STATIC_NAME_LENGTHS[i] = STATIC_NAMES[i].length();
        }
    }

    private static final int ENTRY_OVERHEAD = 32;

    private final int maxTableSize;
    private int tableLimit;
    /**
     * The dynamic table as a ring, newest at {@code head + count - 1}: each entry's size, name length and status (or
     * NOT_STATUS).
     */
    private final int[] sizes;

    private final int[] nameLengths;
    private final int[] statuses;
    private int head;
    private int count;
    private int tableSize;
    private final byte[] scratch = new byte[8];
    private int pos;

    /** @param maxTableSize the SETTINGS_HEADER_TABLE_SIZE this side announced (4096 when it announced none) */
    HpackStatusDecoder(int maxTableSize) {
        this.maxTableSize = maxTableSize;
        this.tableLimit = maxTableSize;
        int capacity = Integer.highestOneBit(Math.max(1, maxTableSize / ENTRY_OVERHEAD)) * 2;
        this.sizes = new int[capacity];
        this.nameLengths = new int[capacity];
        this.statuses = new int[capacity];
        Arrays.fill(cacheCoded, -1);
    }

    /**
     * Decodes the block {@code in[from, to)}: the status (100-999 as sent), {@link #NO_STATUS} or {@link #MALFORMED}.
     * A malformed block leaves the table unusable: the connection must end.
     */
    int decode(ByteBuf in, int from, int to) {
        pos = from;
        int status = NO_STATUS;
        while (pos < to) {
            int b = in.getUnsignedByte(pos);
            int found;
            if ((b & 0x80) != 0) { // indexed field
                int index = integer(in, to, 7);
                found = index <= 0 ? MALFORMED : entryStatus(index);
                if (found == NOT_STATUS) {
                    continue;
                }
            } else if ((b & 0xc0) == 0x40) { // literal with incremental indexing
                found = literal(in, to, 6, true);
            } else if ((b & 0xe0) == 0x20) { // dynamic table size update
                int size = integer(in, to, 5);
                if (size < 0 || size > maxTableSize) {
                    return MALFORMED;
                }
                tableLimit = size;
                evict(0);
                continue;
            } else { // literal without indexing (0000) or never indexed (0001)
                found = literal(in, to, 4, false);
            }
            if (found == MALFORMED) {
                return MALFORMED;
            }
            if (found != NOT_STATUS) {
                status = found;
            }
        }
        return pos == to ? status : MALFORMED;
    }

    /** The table's current size in octets (RFC 7541 4.1), for tests. */
    int tableSize() {
        return tableSize;
    }

    private int literal(ByteBuf in, int to, int prefix, boolean indexing) {
        int nameIndex = integer(in, to, prefix);
        if (nameIndex < 0) {
            return MALFORMED;
        }
        boolean statusName;
        int nameLength = 0;
        if (nameIndex > 0) {
            int s = entryStatus(nameIndex);
            if (s == MALFORMED) {
                return MALFORMED;
            }
            statusName = s != NOT_STATUS;
            nameLength = statusName ? 7 : indexing ? nameLength(nameIndex) : 0;
        } else {
            nameLength = string(in, to, scratch);
            if (nameLength < 0) {
                return MALFORMED;
            }
            statusName = nameLength == 7 && isStatusName(scratch);
        }
        int valueLength = string(in, to, statusName ? scratch : NONE, indexing || statusName);
        if (valueLength < 0) {
            return MALFORMED;
        }
        int status = statusName ? parseStatus(valueLength) : NOT_STATUS;
        if (indexing) {
            add(nameLength, valueLength, status);
        }
        return status;
    }

    private static final byte[] NONE = new byte[0];

    private static boolean isStatusName(byte[] s) {
        return s[0] == ':' && s[1] == 's' && s[2] == 't' && s[3] == 'a' && s[4] == 't' && s[5] == 'u' && s[6] == 's';
    }

    /** The scratch's status digits as a code, or MALFORMED when they are not three digits. */
    private int parseStatus(int length) {
        if (length != 3) {
            return MALFORMED;
        }
        int v = 0;
        for (int i = 0; i < 3; i++) {
            int d = scratch[i] - '0';
            if (d < 0 || d > 9) {
                return MALFORMED;
            }
            v = v * 10 + d;
        }
        return v < 100 ? MALFORMED : v;
    }

    /** The status held by entry {@code index} (static or dynamic), NOT_STATUS, or MALFORMED when out of range. */
    private int entryStatus(int index) {
        if (index <= STATIC_SIZE) {
            return index >= 8 && index <= 14 ? STATIC_STATUS[index - 8] : NOT_STATUS;
        }
        int d = index - STATIC_SIZE - 1; // 0 = newest
        if (d >= count) {
            return MALFORMED;
        }
        return statuses[(head + count - 1 - d) & (sizes.length - 1)];
    }

    /** The name length of entry {@code index}, which {@link #entryStatus} has checked. */
    private int nameLength(int index) {
        if (index <= STATIC_SIZE) {
            return STATIC_NAME_LENGTHS[index - 1];
        }
        int d = index - STATIC_SIZE - 1;
        return nameLengths[(head + count - 1 - d) & (sizes.length - 1)];
    }

    private void add(int nameLength, int valueLength, int status) {
        int size = nameLength + valueLength + ENTRY_OVERHEAD;
        if (size > tableLimit) {
            // an entry larger than the table empties it and is not added (RFC 7541 4.4)
            count = 0;
            tableSize = 0;
            return;
        }
        evict(size);
        int at = (head + count) & (sizes.length - 1);
        sizes[at] = size;
        statuses[at] = status;
        nameLengths[at] = nameLength;
        count++;
        tableSize += size;
    }

    private void evict(int room) {
        while (count > 0 && tableSize + room > tableLimit) {
            tableSize -= sizes[head];
            head = (head + 1) & (sizes.length - 1);
            count--;
        }
    }

    /** An HPACK integer with an N-bit prefix at {@code pos}; -1 when malformed or beyond 2^28. */
    private int integer(ByteBuf in, int to, int prefix) {
        int max = (1 << prefix) - 1;
        int v = in.getUnsignedByte(pos++) & max;
        if (v < max) {
            return v;
        }
        int shift = 0;
        while (pos < to) {
            int b = in.getUnsignedByte(pos++);
            v += (b & 0x7f) << shift;
            if ((b & 0x80) == 0) {
                return v;
            }
            shift += 7;
            if (shift > 21) {
                return -1;
            }
        }
        return -1;
    }

    private int string(ByteBuf in, int to, byte[] out) {
        return string(in, to, out, true);
    }

    /**
     * A string literal at {@code pos}: its decoded length (its first octets copied to {@code out}), or -1. When
     * {@code needLength} is false a Huffman string is skipped without decoding and its coded length returned.
     */
    private int string(ByteBuf in, int to, byte[] out, boolean needLength) {
        if (pos >= to) {
            return -1;
        }
        boolean huffman = (in.getUnsignedByte(pos) & 0x80) != 0;
        int length = integer(in, to, 7);
        if (length < 0 || length > to - pos) {
            return -1;
        }
        int start = pos;
        pos += length;
        if (!huffman) {
            int n = Math.min(length, out.length);
            if (n > 0) {
                in.getBytes(start, out, 0, n);
            }
            return length;
        }
        if (out.length == 0) {
            return needLength ? huffmanLength(in, start, length) : length;
        }
        return HpackHuffman.decode(in, start, length, out);
    }

    private static final int CACHE = 8;
    private static final int CACHE_BYTES = 64;
    /**
     * Decoded lengths of recent Huffman strings, by their coded bytes: servers index the same values response after
     * response (nginx indexes its server, date and content type every time), and comparing bytes is far cheaper
     * than decoding them bit by bit.
     */
    private final byte[][] cacheBytes = new byte[CACHE][CACHE_BYTES];

    private final int[] cacheCoded = new int[CACHE];
    private final int[] cacheDecoded = new int[CACHE];
    private int cacheNext;

    private int huffmanLength(ByteBuf in, int start, int length) {
        if (length > CACHE_BYTES) {
            return HpackHuffman.decode(in, start, length, NONE);
        }
        for (int e = 0; e < CACHE; e++) {
            if (cacheCoded[e] == length && same(in, start, cacheBytes[e], length)) {
                return cacheDecoded[e];
            }
        }
        int n = HpackHuffman.decode(in, start, length, NONE);
        if (n >= 0) {
            int e = cacheNext;
            cacheNext = (e + 1) % CACHE;
            in.getBytes(start, cacheBytes[e], 0, length);
            cacheCoded[e] = length;
            cacheDecoded[e] = n;
        }
        return n;
    }

    private static boolean same(ByteBuf in, int start, byte[] b, int length) {
        for (int j = 0; j < length; j++) {
            if (in.getByte(start + j) != b[j]) {
                return false;
            }
        }
        return true;
    }
}
