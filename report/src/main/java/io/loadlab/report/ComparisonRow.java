package io.loadlab.report;

/**
 * One matching group of trials in runs A and B. {@code throughput} and {@code p99} are null when either side has no
 * valid repetition; {@code note} then says why ("A: APP_BROKEN ...").
 */
public record ComparisonRow(GroupKey key, TrialGroup a, TrialGroup b, Change throughput, Change p99, String note) {

    /** The row's headline: the throughput word, or the note when the groups cannot be compared. */
    public String verdict() {
        return throughput == null ? "not comparable" : throughput.word();
    }
}
