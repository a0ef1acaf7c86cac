package io.loadlab.core.result;

import java.util.Arrays;

/**
 * How evenly the server served the connections: responses completed inside the measured window per connection.
 * Closed model: every connection, whether or not it ever got connected. Open model: the connections that carried a
 * request during the window (an idle spare is not starved).
 *
 * @param connections connections counted
 * @param min fewest responses any connection completed
 * @param median the median connection's responses
 * @param max most responses any connection completed
 * @param completedNone connections that completed no response at all
 */
public record ConnectionFairness(int connections, long min, double median, long max, int completedNone) {
    public static final ConnectionFairness NONE = new ConnectionFairness(0, 0, 0, 0, 0);

    /** From each connection's count of completed responses (the array is not kept). */
    public static ConnectionFairness of(long[] completed) {
        if (completed.length == 0) {
            return NONE;
        }
        long[] s = completed.clone();
        Arrays.sort(s);
        int n = s.length;
        double median = n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2.0;
        int none = 0;
        while (none < n && s[none] == 0) {
            none++;
        }
        return new ConnectionFairness(n, s[0], median, s[n - 1], none);
    }

    /** Fraction of the connections that completed nothing; 0 when none were counted. */
    public double starvedFraction() {
        return connections == 0 ? 0 : completedNone / (double) connections;
    }
}
