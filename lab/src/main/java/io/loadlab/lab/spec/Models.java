package io.loadlab.lab.spec;

import java.util.ArrayList;
import java.util.List;

/** The reference concurrency models by their registry names; {@code all} in a suite means every one of them. */
public final class Models {
    public static final List<String> ALL = List.of(
            "single-thread",
            "thread-pool",
            "thread-per-connection",
            "virtual-threads",
            "servlet-sync",
            "servlet-async",
            "netty",
            "vertx");

    /** The name used for a user's own server ({@code --server-cmd}). */
    public static final String EXTERNAL = "external";

    private Models() {}

    static List<String> expand(List<String> names) {
        if (names == null || names.isEmpty()) {
            return ALL;
        }
        List<String> out = new ArrayList<>();
        for (String n : names) {
            if (n.equals("all")) {
                out.addAll(ALL);
            } else if (ALL.contains(n)) {
                out.add(n);
            } else {
                throw new IllegalArgumentException("unknown model '" + n + "': expected 'all' or one of " + ALL);
            }
        }
        return out;
    }

    /** True for the models whose thread blocks while a request waits on a delay, the backend or the database. */
    public static boolean blocking(String model) {
        return switch (model) {
            case "single-thread", "thread-pool", "thread-per-connection", "servlet-sync" -> true;
            default -> false;
        };
    }
}
