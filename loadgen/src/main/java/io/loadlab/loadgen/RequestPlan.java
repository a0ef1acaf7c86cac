package io.loadlab.loadgen;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.buffer.UnpooledByteBufAllocator;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.WeakHashMap;

/**
 * The requests of one load thread, encoded once. A request without placeholders is one pre-encoded direct buffer
 * sent as a duplicate (no copy, no encoding per request); a templated one renders its row straight into a pooled
 * buffer. Requests are picked by weight, either from a seeded generator ({@link #pick()}) or from one fixed
 * interleaved sequence ({@link #inSequence(long)}) in which every request appears exactly its weight times, spread
 * as evenly as the weights allow. Rows are picked per thread: random from a
 * seeded generator, sequential, or from a seeded permutation shared by all threads and split between them (so
 * {@code unique} is unique across the whole run).
 *
 * <p>Not thread-safe: one per load thread.
 */
final class RequestPlan {
    private final RequestSpec[] specs;
    private final int[] cumulative;
    private final int totalWeight;
    private final ByteBuf[] fixed;

    /**
     * Allocates the fixed requests' buffers, which live as long as the plan and are freed by {@link #release}: Netty's
     * leak detector would only report each one of a plan built without a loop (a test's) when the collector finds it.
     */
    private static final ByteBufAllocator LIFELONG = new UnpooledByteBufAllocator(true, true);

    private final Template[] paths;
    private final Template[] bodies;
    private final byte[][] heads;
    private final byte[][] methods;
    private final byte[][][][] rows;
    private final int[][] permutations;
    private final long[] cursors;
    private final long[] wraps;
    private final int[] sequence;
    private final boolean random;
    private final long[] slotCursors;
    private long openCursor;
    private int lastRow = -1;
    private final int worker;
    private final int workers;
    private final SplittableRandom rng;
    /** The HTTP/2 framing of the requests, or null for HTTP/1.1. */
    private final Http2Requests http2;

    /** @param slots this thread's closed-model connections, each cycling the sequence from its own point */
    RequestPlan(LoadSpec spec, int worker, int workers, int slots) {
        List<RequestSpec> list = spec.requests();
        int n = list.size();
        this.specs = list.toArray(new RequestSpec[0]);
        this.worker = worker;
        this.workers = workers;
        this.rng = new SplittableRandom(spec.seed() * 31 + worker);
        cumulative = new int[n];
        fixed = new ByteBuf[n];
        paths = new Template[n];
        bodies = new Template[n];
        heads = new byte[n][];
        methods = new byte[n][];
        rows = new byte[n][][][];
        permutations = new int[n][];
        cursors = new long[n];
        wraps = new long[n];
        int sum = 0;
        for (int i = 0; i < n; i++) {
            RequestSpec r = specs[i];
            sum += r.weight();
            cumulative[i] = sum;
            List<String> fields = r.data() == null ? List.of() : r.data().fields();
            Template path = Template.compile(r.path(), fields);
            Template body = r.body() == null ? null : Template.compile(r.body(), fields);
            StringBuilder head = new StringBuilder(" HTTP/1.1\r\nHost: ")
                    .append(spec.target().hostHeader())
                    .append("\r\n");
            for (Map.Entry<String, String> h : r.headers().entrySet()) {
                head.append(h.getKey()).append(": ").append(h.getValue()).append("\r\n");
            }
            heads[i] = head.toString().getBytes(StandardCharsets.UTF_8);
            methods[i] = (r.method() + " ").getBytes(StandardCharsets.US_ASCII);
            if (path.hasFields() || (body != null && body.hasFields())) {
                paths[i] = path;
                bodies[i] = body;
                rows[i] = encoded(r.data());
                if (r.pick() == RequestSpec.Pick.UNIQUE) {
                    permutations[i] = permutation(r.to() - r.from(), spec.seed() + i);
                }
            } else {
                ByteBuf b = LIFELONG.directBuffer();
                render(i, null, b);
                fixed[i] = Unpooled.unreleasableBuffer(b);
            }
        }
        totalWeight = sum;
        http2 = spec.http2() ? http2(spec) : null;
        sequence = sequence(specs);
        random = spec.assign() == LoadSpec.Assign.RANDOM;
        slotCursors = new long[slots];
        for (int slot = 0; slot < slots; slot++) {
            // staggered starts: at any moment the connections are spread over the whole sequence
            slotCursors[slot] = (worker + (long) workers * slot) % sequence.length;
        }
    }

    /** The next request of closed-model connection {@code slot}: its own cursor in the sequence, or a random pick. */
    int nextFor(int slot) {
        return random ? pick() : inSequence(slotCursors[slot]++);
    }

    /** The next request of the open model: one cursor for the whole thread, or a random pick. */
    int nextOpen() {
        return random ? pick() : inSequence(openCursor++);
    }

    /** Smooth weighted round robin over the weights reduced by their greatest common divisor. */
    static int[] sequence(RequestSpec[] specs) {
        int g = 0;
        for (RequestSpec r : specs) {
            g = gcd(g, r.weight());
        }
        long total = 0;
        int[] w = new int[specs.length];
        for (int i = 0; i < w.length; i++) {
            w[i] = specs[i].weight() / g;
            total += w[i];
        }
        if (total > MAX_SEQUENCE) {
            throw new IllegalArgumentException("the request weights reduce to a cycle of " + total
                    + " requests, more than " + MAX_SEQUENCE + "; use smaller weights or assign: random");
        }
        int[] out = new int[(int) total];
        long[] current = new long[w.length];
        for (int k = 0; k < out.length; k++) {
            int best = 0;
            for (int i = 0; i < w.length; i++) {
                current[i] += w[i];
                if (current[i] > current[best]) {
                    best = i;
                }
            }
            current[best] -= total;
            out[k] = best;
        }
        return out;
    }

    /** Longest cycle of {@code assign: sequence}. */
    static final int MAX_SEQUENCE = 1 << 20;

    private static int gcd(int a, int b) {
        return b == 0 ? a : gcd(b, a % b);
    }

    /** Length of the sequence of {@link #inSequence}. */
    int sequenceLength() {
        return sequence.length;
    }

    /** The request at {@code position} of the fixed interleaved sequence (wrapping around). */
    int inSequence(long position) {
        return sequence[(int) (position % sequence.length)];
    }

    int size() {
        return specs.length;
    }

    RequestSpec spec(int i) {
        return specs[i];
    }

    /** Picks a request by weight. */
    int pick() {
        if (specs.length == 1) {
            return 0;
        }
        int x = rng.nextInt(totalWeight);
        for (int i = 0; i < cumulative.length; i++) {
            if (x < cumulative[i]) {
                return i;
            }
        }
        return cumulative.length - 1;
    }

    boolean head(int i) {
        return specs[i].method().equals("HEAD");
    }

    /**
     * Frees the buffers of the requests that never change, which every write sent a duplicate of; called once the
     * loop that wrote them has terminated, so that none is in flight. Without it they lived until the collector
     * found them (Netty's leak detector reported each one then).
     */
    void release() {
        for (int i = 0; i < fixed.length; i++) {
            if (fixed[i] != null) {
                fixed[i].unwrap().release();
                fixed[i] = null;
            }
        }
    }

    /**
     * The row of its data set the last {@link #encode} rendered (its data set's {@code fields} as bytes), or null for a
     * request without data: what the answer to it is checked against.
     */
    byte[][] lastRow(int i) {
        return lastRow < 0 || rows[i] == null ? null : rows[i][lastRow];
    }

    /** The bytes of request {@code i}, ready to write; the caller's write releases them. */
    ByteBuf encode(int i, ByteBufAllocator alloc) {
        ByteBuf f = fixed[i];
        if (f != null) {
            lastRow = -1;
            return f.duplicate();
        }
        ByteBuf out = alloc.directBuffer(256);
        lastRow = row(i);
        render(i, rows[i][lastRow], out);
        return out;
    }

    /**
     * Appends request {@code i} as HTTP/2 frames on stream {@code streamId}, its header block opening with a dynamic
     * table size update to 0 when {@code tableSizeUpdate}; returns its body length, or -1 without one. Needs {@code
     * LoadSpec.http2()}.
     */
    int encodeHttp2(int i, int streamId, boolean tableSizeUpdate, ByteBuf out) {
        return http2.fixed(i)
                ? http2.writeFixed(i, streamId, tableSizeUpdate, out)
                : http2.render(i, paths[i], bodies[i], rows[i][row(i)], streamId, tableSizeUpdate, out);
    }

    /** The longest HTTP/2 request body in bytes (0 without bodies). */
    int maxHttp2Body() {
        return http2.maxBody();
    }

    private Http2Requests http2(LoadSpec spec) {
        int n = specs.length;
        boolean[] templated = new boolean[n];
        int[] maxPath = new int[n];
        int[] maxBody = new int[n];
        for (int i = 0; i < n; i++) {
            templated[i] = paths[i] != null;
            if (!templated[i]) {
                maxPath[i] = specs[i].path().getBytes(StandardCharsets.UTF_8).length;
                maxBody[i] = specs[i].body() == null ? 0 : specs[i].body().getBytes(StandardCharsets.UTF_8).length;
                continue;
            }
            for (int r = specs[i].from(); r < specs[i].to(); r++) {
                maxPath[i] = Math.max(maxPath[i], paths[i].length(rows[i][r]));
                if (bodies[i] != null) {
                    maxBody[i] = Math.max(maxBody[i], bodies[i].length(rows[i][r]));
                }
            }
        }
        return new Http2Requests(spec, specs, templated, maxPath, maxBody);
    }

    /**
     * How many of request {@code i}'s {@code unique} picks on this thread drew a row already drawn in this run: 0 while
     * its range lasts, then one per request (a write that is no longer a fresh key).
     */
    long wraps(int i) {
        return wraps[i];
    }

    private int row(int i) {
        RequestSpec r = specs[i];
        int n = r.to() - r.from();
        return switch (r.pick()) {
            case RANDOM -> r.from() + rng.nextInt(n);
            case SEQUENTIAL -> r.from() + (int) ((worker + cursors[i]++ * workers) % n);
            case UNIQUE -> {
                long k = worker + cursors[i]++ * workers;
                if (k >= n) {
                    wraps[i]++; // this key was drawn before in this run: the range ran out
                }
                yield r.from() + permutations[i][(int) (k % n)];
            }
        };
    }

    private void render(int i, byte[][] row, ByteBuf out) {
        out.writeBytes(methods[i]);
        if (row == null) {
            out.writeCharSequence(specs[i].path(), StandardCharsets.UTF_8);
        } else {
            paths[i].render(row, out);
        }
        out.writeBytes(heads[i]);
        String body = specs[i].body();
        if (body != null) {
            byte[] fixedBody = row == null || bodies[i] == null ? body.getBytes(StandardCharsets.UTF_8) : null;
            int len = fixedBody != null ? fixedBody.length : bodies[i].length(row);
            out.writeBytes(CONTENT_LENGTH);
            writeDecimal(len, out);
            out.writeBytes(CRLF_CRLF);
            if (fixedBody != null) {
                out.writeBytes(fixedBody);
            } else {
                bodies[i].render(row, out);
            }
        } else {
            out.writeBytes(CRLF);
        }
    }

    private static final byte[] CONTENT_LENGTH = "Content-Length: ".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] CRLF = {'\r', '\n'};
    private static final byte[] CRLF_CRLF = {'\r', '\n', '\r', '\n'};

    private static void writeDecimal(int v, ByteBuf out) {
        if (v >= 10) {
            writeDecimal(v / 10, out);
        }
        out.writeByte('0' + v % 10);
    }

    /** Encoded rows of a data set, shared by every load thread and request using it (100,000 zip codes: ~25 MB). */
    private static final Map<DataSet, byte[][][]> ENCODED = new WeakHashMap<>();

    private static byte[][][] encoded(DataSet data) {
        synchronized (ENCODED) {
            return ENCODED.computeIfAbsent(data, RequestPlan::encodeRows);
        }
    }

    private static byte[][][] encodeRows(DataSet data) {
        byte[][][] out = new byte[data.size()][][];
        for (int r = 0; r < out.length; r++) {
            List<String> row = data.rows().get(r);
            out[r] = new byte[row.size()][];
            for (int f = 0; f < row.size(); f++) {
                out[r][f] = row.get(f).getBytes(StandardCharsets.UTF_8);
            }
        }
        return out;
    }

    private static int[] permutation(int n, long seed) {
        int[] p = new int[n];
        for (int i = 0; i < n; i++) {
            p[i] = i;
        }
        SplittableRandom r = new SplittableRandom(seed);
        for (int i = n - 1; i > 0; i--) {
            int j = r.nextInt(i + 1);
            int t = p[i];
            p[i] = p[j];
            p[j] = t;
        }
        return p;
    }
}
