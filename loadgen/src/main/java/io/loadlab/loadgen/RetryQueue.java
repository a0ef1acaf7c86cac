package io.loadlab.loadgen;

import java.util.Arrays;

/**
 * The retries of one load thread waiting out their backoff: a binary min-heap on the time each falls due, over
 * growable primitive arrays, so that scheduling a retry allocates nothing once the arrays have grown. Each entry keeps
 * its first attempt's intended send time (its latency runs from there), its request and its attempt number.
 *
 * <p>Not thread-safe: owned by one event loop.
 */
final class RetryQueue {
    private long[] due = new long[64];
    private long[] intended = new long[64];
    private int[] requests = new int[64];
    private int[] attempts = new int[64];
    private int size;

    int size() {
        return size;
    }

    void add(long dueAt, long intendedAt, int request, int attempt) {
        if (size == due.length) {
            grow();
        }
        int i = size++;
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            if (due[parent] - dueAt <= 0) {
                break;
            }
            move(parent, i);
            i = parent;
        }
        set(i, dueAt, intendedAt, request, attempt);
    }

    /** Whether the earliest retry is due at {@code now}. */
    boolean due(long now) {
        return size > 0 && now - due[0] >= 0;
    }

    long peekIntended() {
        return intended[0];
    }

    int peekRequest() {
        return requests[0];
    }

    int peekAttempt() {
        return attempts[0];
    }

    /** Removes the earliest retry. */
    void remove() {
        size--;
        if (size == 0) {
            return;
        }
        long d = due[size];
        long t = intended[size];
        int r = requests[size];
        int a = attempts[size];
        int i = 0;
        while (true) {
            int child = 2 * i + 1;
            if (child >= size) {
                break;
            }
            if (child + 1 < size && due[child + 1] - due[child] < 0) {
                child++;
            }
            if (d - due[child] <= 0) {
                break;
            }
            move(child, i);
            i = child;
        }
        set(i, d, t, r, a);
    }

    private void move(int from, int to) {
        set(to, due[from], intended[from], requests[from], attempts[from]);
    }

    private void set(int i, long d, long t, int r, int a) {
        due[i] = d;
        intended[i] = t;
        requests[i] = r;
        attempts[i] = a;
    }

    private void grow() {
        int n = due.length * 2;
        due = Arrays.copyOf(due, n);
        intended = Arrays.copyOf(intended, n);
        requests = Arrays.copyOf(requests, n);
        attempts = Arrays.copyOf(attempts, n);
    }
}
