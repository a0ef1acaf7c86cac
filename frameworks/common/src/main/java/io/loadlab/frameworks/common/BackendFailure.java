package io.loadlab.frameworks.common;

/** A failed backend call: its message is the 502's one-line reason, as {@link Reasons} words it. */
public final class BackendFailure extends RuntimeException {
    public BackendFailure(String reason) {
        super(reason, null, false, false);
    }

    /** {@code body} when {@code status} is 200, else the failure {@code backend: status N}. */
    public static byte[] okBody(int status, byte[] body) {
        if (status != 200) {
            throw new BackendFailure(Reasons.backendStatus(status));
        }
        return body;
    }

    /** {@code e} itself when it is already a failure, else a failure with {@code e}'s reason. */
    public static BackendFailure of(RuntimeException e) {
        return e instanceof BackendFailure f ? f : new BackendFailure(Reasons.backend(e));
    }
}
