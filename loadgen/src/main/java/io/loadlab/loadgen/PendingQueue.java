package io.loadlab.loadgen;

/**
 * Requests waiting for a free connection, oldest first: a growable ring of entries, each its intended send time (its
 * latency runs from there), its request, its attempt number (0 = the first) and since when it waits (it times out
 * after {@code --timeout} of waiting). Not thread-safe: owned by one event loop.
 */
final class PendingQueue {
    private long[] times = new long[64];
    private long[] since = new long[64];
    private int[] requests = new int[64];
    private int[] attempts = new int[64];
    private int head;
    private int size;

    int size() {
        return size;
    }

    /** A first attempt due at {@code intended}, waiting from then. */
    void add(long intended, int request) {
        add(intended, request, 0, intended);
    }

    void add(long intended, int request, int attempt, long waitingSince) {
        if (size == times.length) {
            grow();
        }
        int at = (head + size) & (times.length - 1);
        times[at] = intended;
        since[at] = waitingSince;
        requests[at] = request;
        attempts[at] = attempt;
        size++;
    }

    long peekTime() {
        return times[head];
    }

    long peekSince() {
        return since[head];
    }

    int peekRequest() {
        return requests[head];
    }

    int peekAttempt() {
        return attempts[head];
    }

    void remove() {
        head = (head + 1) & (times.length - 1);
        size--;
    }

    private void grow() {
        int n = times.length * 2;
        times = unwrap(times, n);
        since = unwrap(since, n);
        requests = unwrap(requests, n);
        attempts = unwrap(attempts, n);
        head = 0;
    }

    private long[] unwrap(long[] a, int n) {
        long[] out = new long[n];
        for (int i = 0; i < size; i++) {
            out[i] = a[(head + i) & (a.length - 1)];
        }
        return out;
    }

    private int[] unwrap(int[] a, int n) {
        int[] out = new int[n];
        for (int i = 0; i < size; i++) {
            out[i] = a[(head + i) & (a.length - 1)];
        }
        return out;
    }
}
