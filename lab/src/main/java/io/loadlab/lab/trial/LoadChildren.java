package io.loadlab.lab.trial;

import io.loadlab.core.unit.Duration;
import io.loadlab.lab.child.ChildEvent;
import io.loadlab.lab.child.ChildLauncher;
import io.loadlab.lab.child.ChildProcess;
import io.loadlab.lab.child.LoadJob;
import io.loadlab.lab.sample.Sampler;
import io.loadlab.loadgen.agents.AgentShare;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * The load generator children of one trial's measurement: one ({@code loadgen}), or N load agents ({@code loadgen-I},
 * {@code loadgen: {agents: N}}) each with its share of the job and its part of the load generator's CPUs. They are
 * waited on together, within one limit, and every failure they report is kept for the trial's reason. Ends every child
 * it started when closed.
 */
final class LoadChildren implements AutoCloseable {
    /** Every child's first event of a type, in order; {@code late} is the first child that did not send it, or null. */
    record Awaited<T extends ChildEvent>(List<T> events, ChildProcess late) {}

    private final ChildLauncher launcher;
    private final List<ChildProcess> children = new ArrayList<>();
    private final List<String> cpus = new ArrayList<>();
    private final List<String> failures = new ArrayList<>(1);

    private LoadChildren(ChildLauncher launcher) {
        this.launcher = launcher;
    }

    /** Starts the trial's load generator for {@code job}, or its {@code agents} load agents, on {@code loadgenCpus}. */
    static LoadChildren start(ChildLauncher launcher, LoadJob job, int agents, String loadgenCpus, TrialDir dir)
            throws IOException {
        LoadChildren c = new LoadChildren(launcher);
        try {
            if (agents == 1) {
                c.add("loadgen", job, loadgenCpus, dir);
            } else {
                String[] own = AgentChildren.cpusPerAgent(loadgenCpus, agents);
                for (int i = 0; i < agents; i++) {
                    LoadJob share = job.forAgent(new AgentShare(agents, i), AgentChildren.outputDir(dir, i));
                    c.add("loadgen-" + i, share, own[i], dir);
                }
            }
            return c;
        } catch (IOException | RuntimeException e) {
            c.close();
            throw e;
        }
    }

    private void add(String role, LoadJob job, String on, TrialDir dir) throws IOException {
        children.add(launcher.start(role, job, on, dir.dir()));
        cpus.add(on);
    }

    /** True for the trial's one load generator, false for load agents. */
    boolean one() {
        return children.size() == 1;
    }

    List<ChildProcess> all() {
        return children;
    }

    /**
     * Waits for every child's first event of {@code type}, all within {@code limit}, handing the others to
     * {@code others} (failures are kept); stops at the first child that does not send it.
     */
    <T extends ChildEvent> Awaited<T> await(Class<T> type, Duration limit, Consumer<ChildEvent> others)
            throws InterruptedException {
        long deadline = System.nanoTime() + limit.nanos();
        List<T> events = new ArrayList<>();
        for (ChildProcess c : children) {
            Duration left = Duration.ofNanos(Math.max(0, deadline - System.nanoTime()));
            T e = c.await(type, left, other -> {
                keepFailure(c, other);
                others.accept(other);
            });
            if (e == null) {
                return new Awaited<>(events, c);
            }
            events.add(e);
        }
        return new Awaited<>(events, null);
    }

    /** Keeps a child's failure message for the trial's reason, naming the agent when there are several. */
    void keepFailure(ChildProcess c, ChildEvent e) {
        if (e instanceof ChildEvent.Failure f) {
            failures.add(one() ? f.message() : c.role() + ": " + f.message());
        }
    }

    /**
     * Why the load failed, {@code late} being the first child that did not go on: a server that died first is why the
     * load generator failed, so its exit status ({@code serverExit}, null while it runs) is said before what the load
     * generator saw.
     */
    String failure(ChildProcess late, Integer serverExit) {
        String who = one() ? "the load generator" : "load generator " + late.role();
        return (serverExit == null ? "" : "the server exited with status " + serverExit + "; ")
                + (!failures.isEmpty()
                        ? "the load generator failed: " + failures.get(0)
                        : late.alive()
                                ? who + " did not finish in time: " + late.logTail()
                                : who + " exited with status " + late.process().exitValue() + ": " + late.logTail());
    }

    /** The children for the sampler, each on its CPUs. */
    List<Sampler.Watched> watched() {
        List<Sampler.Watched> w = new ArrayList<>();
        for (int i = 0; i < children.size(); i++) {
            ChildProcess c = children.get(i);
            w.add(new Sampler.Watched(c.role(), c.pid(), cpus.get(i), c.gcLog()));
        }
        return w;
    }

    @Override
    public void close() {
        for (ChildProcess c : children) {
            launcher.stop(c);
        }
    }
}
