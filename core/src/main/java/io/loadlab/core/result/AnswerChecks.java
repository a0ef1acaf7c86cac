package io.loadlab.core.result;

/**
 * What the answers inside the window said, besides their status: the load generator's check of a sample of them
 * against what was asked (the exact body, or the row asked for), and what its 5xx answers said failed.
 *
 * @param checked answers whose body was checked
 * @param wrong of those, the ones that were not the answer asked for (also counted as {@code wrong_answer} errors)
 * @param retryLater 5xx answers with {@code Retry-After}: a server shedding load on purpose and saying so
 * @param databaseErrors 5xx answers whose body names the database as what failed ({@code {"error":"database: ..."}})
 * @param backendErrors 5xx answers whose body names the backend ({@code {"error":"backend: ..."}})
 */
public record AnswerChecks(long checked, long wrong, long retryLater, long databaseErrors, long backendErrors) {
    /** Adds another load agent's. */
    public AnswerChecks plus(AnswerChecks o) {
        return new AnswerChecks(
                checked + o.checked,
                wrong + o.wrong,
                retryLater + o.retryLater,
                databaseErrors + o.databaseErrors,
                backendErrors + o.backendErrors);
    }
}
