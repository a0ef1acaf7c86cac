package io.loadlab.lab.deps;

import io.loadlab.core.result.DependencyWork;
import io.loadlab.lab.spec.Fault;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Causes a scenario's {@link Fault} in the measured window, on a thread of its own: {@code at} into the window it
 * kills the dependency ({@code SIGKILL}, every process of it) and starts it again at once on the same port (and for
 * PostgreSQL the same data), or stops it ({@code SIGSTOP}) and continues it ({@code SIGCONT}) after the fault's length;
 * then it waits for the dependency to answer again, up to {@link Fault#longest} more. The outage runs from the signal
 * to that answer; while it lasts the {@link DependencyWatch} does not count the dependency as failed. Blocking calls
 * aside, thread-safe.
 */
public final class FaultInjector implements AutoCloseable {
    private static final long POLL_MILLIS = 100;

    private final Fault fault;
    private final Dependencies deps;
    private final DependencyWatch watch;
    private final String name;
    private final Thread thread;
    private volatile long windowStart;
    private volatile long begun = -1;
    private volatile long ended = -1;
    private volatile String problem;

    private FaultInjector(Fault fault, Dependencies deps, DependencyWatch watch) {
        this.fault = fault;
        this.deps = deps;
        this.watch = watch;
        this.name = fault.target() == Fault.Target.POSTGRES ? Dependencies.POSTGRES : Dependencies.BACKEND;
        this.thread = new Thread(this::run, "loadlab-fault");
        this.thread.setDaemon(true);
    }

    /** Causes {@code fault} {@code fault.at()} after {@code windowStartNanos}; null when there is none. */
    public static FaultInjector start(Fault fault, Dependencies deps, DependencyWatch watch, long windowStartNanos) {
        if (fault == null) {
            return null;
        }
        FaultInjector f = new FaultInjector(fault, deps, watch);
        f.windowStart = windowStartNanos;
        f.thread.start();
        return f;
    }

    private void run() {
        try {
            long wait = windowStart + fault.at().nanos() - System.nanoTime();
            if (wait > 0) {
                TimeUnit.NANOSECONDS.sleep(wait);
            }
            List<ProcessHandle> processes = deps.processes(name);
            if (processes.isEmpty()) {
                problem = name + " has no process of the lab's to "
                        + fault.action().name().toLowerCase();
                return;
            }
            watch.outage(name);
            begun = System.nanoTime();
            if (fault.action() == Fault.Action.KILL) {
                signal(processes, "KILL");
                awaitGone(processes);
                if (fault.target() == Fault.Target.POSTGRES) {
                    deps.restartDatabase();
                } else {
                    deps.restartBackend(true);
                }
            } else {
                signal(processes, "STOP");
                TimeUnit.NANOSECONDS.sleep(fault.length().nanos());
                signal(processes, "CONT");
            }
            long deadline = System.nanoTime() + fault.longest().nanos();
            while (!deps.answers(name)) {
                if (System.nanoTime() - deadline > 0) {
                    problem = name + " did not answer again within " + fault.longest();
                    return;
                }
                Thread.sleep(POLL_MILLIS);
            }
            ended = System.nanoTime();
            watch.back(name);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (IOException | RuntimeException e) {
            problem = name + " could not be started again: " + e.getMessage();
        }
    }

    /** Sends {@code SIG} to every process, by PID (the JDK sends only TERM and KILL). */
    private static void signal(List<ProcessHandle> processes, String sig) throws IOException, InterruptedException {
        List<String> cmd = new java.util.ArrayList<>(List.of("kill", "-" + sig));
        processes.forEach(p -> cmd.add(Long.toString(p.pid())));
        Process p = new ProcessBuilder(cmd)
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        p.waitFor(5, TimeUnit.SECONDS);
    }

    /** Waits for killed processes to be gone (a PostgreSQL's backends detach from its shared memory), at most 5 s. */
    private static void awaitGone(List<ProcessHandle> processes) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (processes.stream().anyMatch(ProcessHandle::isAlive) && System.nanoTime() - deadline < 0) {
            Thread.sleep(20);
        }
    }

    /**
     * Waits for the fault to be over (at most its longest outage past its start), then says what happened: the outage
     * from its start to the dependency's answer in seconds from the window's start, or null when it was never
     * caused. A dependency that did not come back has a null end, and its problem is in {@link #problem}.
     */
    public DependencyWork.Outage outage() throws InterruptedException {
        thread.join(fault.at().toMillis() + fault.longest().toMillis() * 2 + 10_000);
        if (begun < 0) {
            return null;
        }
        return new DependencyWork.Outage(
                fault.cause(), seconds(begun - windowStart), ended < 0 ? null : seconds(ended - windowStart));
    }

    /** Why the fault could not be caused or the dependency did not come back; null when it went as planned. */
    public String problem() {
        return problem;
    }

    private static double seconds(long nanos) {
        return Math.round(nanos / 1e8) / 10.0;
    }

    /** A fault still pending when the trial ends early is not caused; a stopped dependency is continued. */
    @Override
    public void close() {
        thread.interrupt();
        if (fault.action() == Fault.Action.STOP && begun >= 0 && ended < 0) {
            try {
                signal(deps.processes(name), "CONT");
            } catch (IOException e) {
                // the lab's stop by PID ends it in any case
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
