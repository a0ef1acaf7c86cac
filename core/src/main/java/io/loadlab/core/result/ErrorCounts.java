package io.loadlab.core.result;

/**
 * Failed requests by category. {@code status} counts responses whose status was not expected (by default: not 2xx
 * or 3xx); {@code invalid} counts responses that were not HTTP/1.1 (garbage, oversized headers, a cut chunked body).
 */
public record ErrorCounts(long connect, long read, long write, long timeout, long status, long invalid) {
    public static final ErrorCounts NONE = new ErrorCounts(0, 0, 0, 0, 0, 0);

    public long total() {
        return connect + read + write + timeout + status + invalid;
    }

    public ErrorCounts plus(ErrorCounts o) {
        return new ErrorCounts(
                connect + o.connect,
                read + o.read,
                write + o.write,
                timeout + o.timeout,
                status + o.status,
                invalid + o.invalid);
    }
}
