package io.loadlab.lab.verdict;

import io.loadlab.core.model.ConcurrencyModel;

/**
 * How many requests a server's design lets wait at once, in words, for its design ceiling: a catalog model's from its
 * catalog entry and settings ({@code 100 threads}), a user's server's from the {@code cap} its suite declares. A
 * user's server that declares none has no design ceiling, and its ceiling's explanation says so.
 *
 * @param model the model's name
 * @param count the requests that can wait at once, or null when nothing is known to bound them
 * @param label what {@code count} counts ({@code 16 worker threads}), or why there is no count
 */
public record WaitingCap(String model, Integer count, String label) {
    /** A catalog model's cap, or null when its design bounds nothing (an event loop) or its knobs are unknown. */
    public static WaitingCap of(ConcurrencyModel model, ConcurrencyModel.Knobs knobs) {
        Integer cap = model == null || knobs == null ? null : model.waitingCap(knobs);
        return cap == null ? null : new WaitingCap(model.id(), cap, model.waitingCapLabel(knobs));
    }

    /** A user's server: the cap its suite declares ({@code servers[].cap}), or none with a note saying so. */
    public static WaitingCap declared(String server, Integer cap) {
        return cap == null
                ? new WaitingCap(server, null, "no design cap: server '" + server + "' declares none (servers[].cap)")
                : new WaitingCap(server, cap, cap + " requests at once (its declared cap)");
    }

    /** The words of a known cap, or null. */
    public String design() {
        return count == null ? null : label;
    }
}
