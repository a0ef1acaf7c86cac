package io.loadlab.cli;

import io.loadlab.core.result.IntervalStats;
import io.loadlab.loadgen.LoadSpec;
import io.loadlab.loadgen.LoadSummary;
import io.loadlab.loadgen.ProgressListener;
import io.loadlab.transport.NettyTransport;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;
import picocli.CommandLine.Model.CommandSpec;

/**
 * What {@code loadlab load} shows people: the header, a live progress line on a terminal, the warm-up's end, warnings
 * and the summary. Data and words are separate streams: with an export on standard output, the words go to standard
 * error.
 */
final class LoadConsole {
    /** Printed when the warm-up ends and measurement begins. */
    static final String MEASURING_LINE = "  warm-up over; measuring";

    private final PrintWriter stdout;
    private final PrintWriter err;
    private final PrintWriter out;
    private final boolean live;

    LoadConsole(CommandSpec spec, boolean machineOnStdout) {
        this.stdout = spec.commandLine().getOut();
        this.err = spec.commandLine().getErr();
        this.out = machineOnStdout ? err : stdout;
        this.live = isTerminal(machineOnStdout ? 2 : 1);
    }

    /** Where words for people go. */
    PrintWriter out() {
        return out;
    }

    /** Standard output, where an export named {@code -} goes. */
    PrintWriter stdout() {
        return stdout;
    }

    PrintWriter err() {
        return err;
    }

    /** Hears a run of {@code load} and shows it. */
    ProgressListener listener(LoadSpec load) {
        AtomicBoolean capped = new AtomicBoolean();
        ConnectHint hint = new ConnectHint("loadlab load", err);
        return new ProgressListener() {
            @Override
            public void started(NettyTransport.Choice transport) {
                out.print(LoadSummary.header(load, transport));
                out.flush();
            }

            @Override
            public void measuring() {
                // A line, not just a note: the lab reads the work counters of dependencies when it appears.
                if (load.warmup().nanos() > 0) {
                    out.println(MEASURING_LINE);
                    out.flush();
                }
            }

            @Override
            public void interval(IntervalStats s) {
                if (live) {
                    out.print("\r" + LoadSummary.progress(s) + "   ");
                    out.flush();
                }
            }

            @Override
            public void rehearse(IntervalStats s) {
                if (live) {
                    LoadSummary.progress(s);
                }
            }

            @Override
            public void streamsCapped(int requested, long allowed) {
                if (capped.compareAndSet(false, true)) {
                    err.println("loadlab load: the server allows " + allowed + " concurrent streams per connection;"
                            + " -m " + requested + " capped to " + allowed);
                    err.flush();
                }
            }

            @Override
            public void connectError(Throwable cause) {
                hint.failed(cause);
            }
        };
    }

    /** Clears the live progress line, before the summary. */
    void endLive() {
        if (live) {
            out.print("\r" + " ".repeat(70) + "\r");
        }
    }

    private static boolean isTerminal(int fd) {
        try {
            String target =
                    Files.readSymbolicLink(Path.of("/proc/self/fd/" + fd)).toString();
            return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty");
        } catch (IOException | UnsupportedOperationException e) {
            return false;
        }
    }
}
