package io.loadlab.core.result;

import java.util.List;

/**
 * A load level a suite declares that this host could not run: the level, why (the binding limit, as
 * {@code loadlab doctor} words it) and the lines that would raise the limit.
 */
public record NotRun(LoadLevel load, String reason, List<String> fix) {
    public NotRun {
        fix = fix == null ? List.of() : List.copyOf(fix);
    }
}
