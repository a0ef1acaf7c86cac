package io.loadlab.cli;

import io.loadlab.core.Printable;
import io.loadlab.core.result.SuiteResults;
import io.loadlab.core.result.TrialResult;
import io.loadlab.lab.LabListener;
import io.loadlab.lab.spec.SuitePlan;
import io.loadlab.lab.spec.TrialPlan;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;

/**
 * The suite's progress: on a terminal a bar with an ETA and a live line per trial (its phase and time in it),
 * redrawn each second; elsewhere one line per finished trial. Thread-safe (the ticker and the lab both call it).
 */
final class RunProgress implements LabListener {
    private static final int BAR = 24;

    private final PrintWriter out;
    private final boolean terminal;
    private long suiteStart;
    private double estimate;
    private int total;
    private int done;
    private String live = "";
    private String liveStats = "";
    private long phaseStart;
    private Thread ticker;

    RunProgress(PrintWriter out, boolean terminal) {
        this.out = out;
        this.terminal = terminal;
    }

    @Override
    public synchronized void suiteStarted(
            SuitePlan spec, Path dir, int trials, double estimatedSeconds, double mostSeconds) {
        suiteStart = System.nanoTime();
        estimate = estimatedSeconds;
        total = trials;
        out.printf(
                Locale.ROOT,
                "Suite %s: %d trials, about %s%s; results in %s%n",
                spec.name(),
                trials,
                clock(estimatedSeconds),
                mostSeconds > estimatedSeconds + 1
                        ? " (warm-ups last longer while a server's JIT compiles: at most " + clock(mostSeconds) + ")"
                        : "",
                dir);
        out.flush();
        if (terminal) {
            ticker = new Thread(this::tick, "loadlab-progress");
            ticker.setDaemon(true);
            ticker.start();
        }
    }

    @Override
    public synchronized void note(String line) {
        clearLine();
        out.println("note: " + Printable.oneLine(line));
        out.flush();
    }

    @Override
    public synchronized void trialStarted(int index, int total, TrialPlan plan) {
        live = plan.label();
    }

    @Override
    public synchronized void phase(TrialPlan plan, Phase phase) {
        live = plan.label() + " · " + phase.name().toLowerCase(Locale.ROOT);
        liveStats = "";
        phaseStart = System.nanoTime();
        redraw();
    }

    @Override
    public synchronized void live(TrialPlan plan, double rps, double p99Ms) {
        liveStats = String.format(Locale.ROOT, "  %.0f req/s  p99 %.2f ms", rps, p99Ms);
        redraw();
    }

    @Override
    public synchronized void trialFinished(int index, int total, TrialResult r) {
        done++;
        clearLine();
        String[] row = RunSummary.row(r);
        out.printf(
                Locale.ROOT,
                "[%d/%d] %-52s %9s req/s  p99 %8s ms  %s%n",
                index,
                total,
                r.key().model() + " · " + row[1] + " · " + row[2],
                row[3],
                row[5],
                row[7]);
        out.flush();
        redraw();
    }

    @Override
    public synchronized void suiteFinished(SuiteResults results, Path dir) {
        if (ticker != null) {
            ticker.interrupt();
        }
        clearLine();
        out.flush();
    }

    @Override
    public void interrupted() {
        synchronized (this) {
            if (ticker != null) {
                ticker.interrupt();
            }
            clearLine();
            out.println("Interrupted: stopping every process the lab started; finished trials are kept.");
            out.flush();
        }
    }

    private void tick() {
        while (!Thread.currentThread().isInterrupted()) {
            try {
                Thread.sleep(1000);
            } catch (InterruptedException e) {
                return;
            }
            synchronized (this) {
                redraw();
            }
        }
    }

    private void redraw() {
        if (!terminal || total == 0) {
            return;
        }
        double elapsed = (System.nanoTime() - suiteStart) / 1e9;
        double eta = done == 0 ? Math.max(0, estimate - elapsed) : elapsed / done * (total - done);
        int filled = (int) Math.round(BAR * done / (double) total);
        String line = String.format(
                Locale.ROOT,
                "[%s%s] %d/%d ETA %s  %s %ds",
                "#".repeat(filled),
                ".".repeat(BAR - filled),
                done,
                total,
                clock(eta),
                live,
                (System.nanoTime() - phaseStart) / 1_000_000_000L);
        out.print("\r\033[2K" + line + liveStats);
        out.flush();
    }

    private void clearLine() {
        if (terminal) {
            out.print("\r\033[2K");
        }
    }

    private static String clock(double seconds) {
        long s = Math.round(seconds);
        return s >= 60 ? (s / 60) + "m" + String.format(Locale.ROOT, "%02d", s % 60) + "s" : s + "s";
    }
}
