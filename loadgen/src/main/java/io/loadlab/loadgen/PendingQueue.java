package io.loadlab.loadgen;

/**
 * The open model's requests that fell due while no connection was free: a growable ring of (intended time, request)
 * pairs, oldest first. Not thread-safe: owned by one event loop.
 */
final class PendingQueue {
    private long[] times = new long[64];
    private int[] requests = new int[64];
    private int head;
    private int size;

    int size() {
        return size;
    }

    void add(long intended, int request) {
        if (size == times.length) {
            grow();
        }
        int at = (head + size) & (times.length - 1);
        times[at] = intended;
        requests[at] = request;
        size++;
    }

    long peekTime() {
        return times[head];
    }

    int peekRequest() {
        return requests[head];
    }

    void remove() {
        head = (head + 1) & (times.length - 1);
        size--;
    }

    private void grow() {
        long[] t = new long[times.length * 2];
        int[] r = new int[times.length * 2];
        for (int i = 0; i < size; i++) {
            t[i] = times[(head + i) & (times.length - 1)];
            r[i] = requests[(head + i) & (times.length - 1)];
        }
        times = t;
        requests = r;
        head = 0;
    }
}
