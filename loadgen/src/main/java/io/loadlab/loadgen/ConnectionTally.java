package io.loadlab.loadgen;

import java.util.Arrays;

/**
 * Responses completed inside the measured window per connection slot of one load thread, so that a server which
 * serves some connections and starves the others shows it. A closed-model slot is one of the {@code -c} connections:
 * a connection that is closed and replaced hands its slot to the replacement. An open-model slot is one opened
 * connection; it counts only when it carried a request during the window (an idle spare is not starved).
 *
 * <p>Not thread-safe: owned by its load thread's event loop; read after the loop has terminated.
 */
final class ConnectionTally {
    private final boolean everySlot;
    private long[] completed;
    private boolean[] carried;
    private int slots;

    /** @param everySlot true in the closed model: every slot counts, whether or not it carried anything */
    ConnectionTally(int initialSlots, boolean everySlot) {
        this.everySlot = everySlot;
        this.completed = new long[Math.max(1, initialSlots)];
        this.carried = new boolean[completed.length];
        this.slots = initialSlots;
    }

    /** Makes room for {@code slot} (open model: a newly opened connection). */
    void ensure(int slot) {
        if (slot >= completed.length) {
            int n = Math.max(slot + 1, completed.length * 2);
            completed = Arrays.copyOf(completed, n);
            carried = Arrays.copyOf(carried, n);
        }
        slots = Math.max(slots, slot + 1);
    }

    void completed(int slot) {
        completed[slot]++;
        carried[slot] = true;
    }

    /** The slot had a request in flight during the window. */
    void carried(int slot) {
        carried[slot] = true;
    }

    /** The counts of the slots that count, in slot order. */
    long[] counted() {
        long[] out = new long[slots];
        int n = 0;
        for (int i = 0; i < slots; i++) {
            if (everySlot || carried[i]) {
                out[n++] = completed[i];
            }
        }
        return Arrays.copyOf(out, n);
    }
}
