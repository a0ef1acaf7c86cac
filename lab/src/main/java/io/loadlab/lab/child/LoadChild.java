package io.loadlab.lab.child;

import io.loadlab.core.Json;
import io.loadlab.core.result.IntervalStats;
import io.loadlab.loadgen.LoadGenerator;
import io.loadlab.loadgen.LoadResult;
import io.loadlab.loadgen.LoadSpec;
import io.loadlab.loadgen.ProgressListener;
import io.loadlab.loadgen.agents.AgentDefaults;
import io.loadlab.loadgen.agents.AgentRecord;
import io.loadlab.loadgen.agents.AgentRun;
import io.loadlab.loadgen.agents.StartBarrier;
import io.loadlab.transport.NettyTransport;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A {@link LoadJob} in its child: runs the load generator, reports its progress, writes and reports its result. A
 * load agent's job ({@link LoadJob#agent()}) says {@link ChildEvent.Armed} once connected, begins at the start
 * instant the lab sends, and also writes its output for the merge ({@code agent.json} beside its histogram log).
 */
final class LoadChild {
    private LoadChild() {}

    /**
     * Reads the lab's commands until its pipe closes; {@link ChildCommand.Measure} ends the warm-up,
     * {@link ChildCommand.StartAt} gives a load agent its shared start.
     */
    private static void readCommands(AtomicBoolean warm, StartBarrier barrier) {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8))) {
            String line;
            while ((line = in.readLine()) != null) {
                try {
                    ChildCommand c = Json.read(line, ChildCommand.class);
                    if (c instanceof ChildCommand.Measure) {
                        warm.set(true);
                    } else if (c instanceof ChildCommand.StartAt s) {
                        barrier.startAt(s.epochMicros());
                    }
                } catch (IOException notACommand) {
                    // ignored: the lab sends only commands
                }
            }
        } catch (IOException closed) {
            // the lab went away; the warm-up ends at its limit
        }
    }

    static void run(LoadJob job, Path dir, ChildMain.Events events) throws IOException {
        NettyTransport.leakDetectorOff();
        long pid = ProcessHandle.current().pid();
        AtomicBoolean warm = new AtomicBoolean();
        StartBarrier barrier = new StartBarrier(
                () -> events.emit(new ChildEvent.Armed(pid, job.agentIndex())), AgentDefaults.ARM_TIMEOUT);
        if (job.agent()) {
            // the first read of a command type is slow in a cold JVM: not when the start instant arrives
            Json.read(Json.write(new ChildCommand.StartAt(0)), ChildCommand.class);
        }
        Thread commands = new Thread(() -> readCommands(warm, barrier), "loadlab-commands");
        commands.setDaemon(true);
        commands.start();
        ProgressListener progress = new ProgressListener() {
            @Override
            public void measuring() {
                events.emit(new ChildEvent.Measuring(pid));
            }

            @Override
            public void interval(IntervalStats s) {
                events.emit(new ChildEvent.Progress(s));
            }

            @Override
            public void rehearse(IntervalStats s) {
                ChildEvent.rehearseLoadEvents(pid, s);
            }
        };
        LoadSpec spec = job.toSpec(dir);
        LoadResult r = LoadGenerator.runWithHistograms(spec, progress, job.agent() ? barrier : warm::get);
        if (job.json() != null) {
            Json.writeAtomically(Path.of(job.json()), r.report());
        }
        if (job.agent() && job.hlog() != null) {
            Path hlog = Path.of(job.hlog());
            AgentRecord rec = AgentRecord.of(job.agentIndex(), job.agents(), barrier.startEpochMicros(), spec, r);
            AgentRun.of(rec, Files.readString(hlog, StandardCharsets.US_ASCII))
                    .writeTo(hlog.toAbsolutePath().getParent());
        }
        events.emit(new ChildEvent.Result(r.report(), r.cpuSeconds()));
    }
}
