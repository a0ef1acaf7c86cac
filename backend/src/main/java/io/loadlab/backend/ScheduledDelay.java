package io.loadlab.backend;

/**
 * The backend's current {@link DelaySchedule} and when its clock started: the delay each {@code GET /hello} gets now.
 * Confined to the backend's one event loop, so it needs no lock; read once per request without allocating.
 */
final class ScheduledDelay {
    private DelaySchedule schedule;
    private long start = System.nanoTime();

    ScheduledDelay(DelaySchedule schedule) {
        this.schedule = schedule;
    }

    long delayMs() {
        return schedule.delayMs(System.nanoTime() - start);
    }

    /** The schedule's clock starts again now. */
    void restart() {
        start = System.nanoTime();
    }

    /** {@code next} replaces the schedule, its clock starting now. */
    void set(DelaySchedule next) {
        schedule = next;
        restart();
    }

    DelaySchedule schedule() {
        return schedule;
    }
}
