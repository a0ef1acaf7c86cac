package io.loadlab.core;

import io.loadlab.core.unit.Size;

/**
 * The limits of the HTTP contract every reference server and the backend enforce alike (DESIGN.md, "The HTTP
 * contract"), and that the lab's validation checks.
 */
public final class ContractLimits {
    private ContractLimits() {}

    /** Request line plus headers larger than this are answered 431. */
    public static final Size MAX_HEADER_SIZE = Size.ofBytes(8 * 1024);

    /** Request bodies larger than this are answered 413. */
    public static final Size MAX_BODY_SIZE = Size.ofBytes(1024 * 1024);

    /** Largest {@code /delay?ms=N}. */
    public static final int MAX_DELAY_MS = 60_000;

    /** Value of the {@code Server} header of every reference server. */
    public static final String SERVER_HEADER = "loadlab";
}
