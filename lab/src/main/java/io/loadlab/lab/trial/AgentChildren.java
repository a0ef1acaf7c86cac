package io.loadlab.lab.trial;

import io.loadlab.core.Defaults;
import io.loadlab.core.Json;
import io.loadlab.core.result.LoadReport;
import io.loadlab.core.unit.Duration;
import io.loadlab.lab.LabDefaults;
import io.loadlab.lab.agents.LocalAgents;
import io.loadlab.lab.child.ChildCommand;
import io.loadlab.lab.child.ChildEvent;
import io.loadlab.lab.child.ChildProcess;
import io.loadlab.lab.spec.CpuSplit;
import io.loadlab.loadgen.agents.AgentDefaults;
import io.loadlab.loadgen.agents.AgentMerge;
import io.loadlab.loadgen.agents.AgentRun;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * What only a trial whose load is split over load agents needs ({@code loadgen: {agents: N}}): their CPUs and output
 * directories; their warm-up, which begins at one start instant agreed ahead once every agent is connected
 * ({@link ChildEvent.Armed}, {@link ChildCommand.StartAt}) rather than waiting for the server's JIT to go quiet as one
 * load generator's does; and the exact merge of their outputs into the trial's {@code load.json} and histogram log.
 */
final class AgentChildren {
    private AgentChildren() {}

    /** Where agent {@code i} writes its output for the merge. */
    static Path outputDir(TrialDir dir, int i) {
        return dir.dir().resolve("agent-" + i);
    }

    /**
     * Lets the agents warm up from one shared instant and waits until each has opened its window; returns the first
     * that did not, or null. {@code rehearsal} runs about once a second of the warm-up but its last (what the window's
     * start will ask of the dependencies; the window's start is agreed ahead, so no gate waits for what it compiles).
     */
    static ChildProcess open(LoadChildren agents, Duration warmup, Runnable rehearsal) throws InterruptedException {
        ChildProcess late = agents.await(
                        ChildEvent.Armed.class, LabDefaults.STARTUP_TIMEOUT.plus(Defaults.TIMEOUT), e -> {})
                .late();
        if (late != null) {
            return late;
        }
        LocalAgents.startAll(agents.all()); // one gone is found below: it opens no window
        long rehearseUntil = System.nanoTime()
                + AgentDefaults.LOCAL_START_LEAD.plus(warmup).nanos()
                - JitWarmup.REHEARSAL_EVERY.nanos();
        Thread rehearsals = Thread.ofVirtual().name("loadlab-rehearsal").start(() -> {
            try {
                while (System.nanoTime() - rehearseUntil < 0) {
                    rehearsal.run();
                    Thread.sleep(JitWarmup.REHEARSAL_EVERY.toMillis());
                }
            } catch (InterruptedException e) {
                // the window opened, or the warm-up failed
            }
        });
        try {
            Duration toWindow = AgentDefaults.LOCAL_START_LEAD.plus(warmup).plus(LabDefaults.STARTUP_TIMEOUT);
            return agents.await(ChildEvent.Measuring.class, toWindow, e -> {}).late();
        } finally {
            rehearsals.interrupt();
            rehearsals.join();
        }
    }

    /** Merges the agents' outputs, once they have exited, into the trial's {@code load.json} and histogram log. */
    static LoadReport merge(LoadChildren agents, TrialDir dir) throws IOException, InterruptedException {
        List<AgentRun> runs = new ArrayList<>();
        for (int i = 0; i < agents.all().size(); i++) {
            agents.all().get(i).process().waitFor();
            runs.add(AgentRun.read(outputDir(dir, i)));
        }
        AgentMerge.Merged merged = AgentMerge.merge(runs, dir.hlog());
        Json.writeAtomically(dir.loadJson(), merged.report());
        return merged.report();
    }

    /**
     * The load generator's CPUs dealt out to the agents, each its own when there are enough ({@code 2-5} over 2
     * agents: {@code 2,3} and {@code 4,5}), else all of them to every agent; null entries when unpinned.
     */
    static String[] cpusPerAgent(String loadgen, int n) {
        int[] ids = CpuSplit.ids(loadgen);
        String[] out = new String[n];
        for (int i = 0; i < n; i++) {
            if (ids.length >= n) {
                int from = ids.length * i / n;
                int to = ids.length * (i + 1) / n;
                out[i] =
                        Arrays.stream(ids, from, to).mapToObj(Integer::toString).collect(Collectors.joining(","));
            } else {
                out[i] = loadgen;
            }
        }
        return out;
    }
}
