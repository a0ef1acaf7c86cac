package io.loadlab.lab.agents;

import io.loadlab.core.Json;
import io.loadlab.core.UserError;
import io.loadlab.core.unit.Duration;
import io.loadlab.lab.child.ChildCommand;
import io.loadlab.lab.child.ChildEvent;
import io.loadlab.lab.child.ChildLauncher;
import io.loadlab.lab.child.ChildProcess;
import io.loadlab.loadgen.agents.AgentClock;
import io.loadlab.loadgen.agents.AgentDefaults;
import io.loadlab.loadgen.agents.AgentRun;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Runs a load split over N agent processes on this host and hands back their outputs, to be merged. Each agent is a
 * child JVM ({@code loadlab agent --control stdio}) started through the lab's {@link ChildLauncher}, so it is pinned
 * when asked, registered to be ended by PID, and speaks typed events: it connects, warms up, says
 * {@link ChildEvent.Armed}; once every agent is armed, each is told one start instant a little ahead
 * ({@link AgentDefaults#LOCAL_START_LEAD}) with {@link ChildCommand.StartAt}, opens its window there, and ends with
 * {@link ChildEvent.Result} after writing its output directory ({@code agent-N/}).
 *
 * <p>Blocking; ends every agent it started before it returns, whatever happens.
 */
public final class LocalAgents {
    /**
     * @param agents how many agent processes
     * @param mainClass the main class of the {@code loadlab} command line
     * @param loadArgs {@code loadlab load}'s arguments for every agent (its URL included); each agent takes its share
     * @param cpus the CPUs to pin each agent to (taskset list), or null for no pinning; cycled when shorter
     * @param dir where agent {@code i} writes {@code agent-i/} and its events and log
     * @param window warm-up, duration and timeout of the run: how long to wait for the agents
     */
    public record Plan(
            int agents, String mainClass, List<String> loadArgs, List<String> cpus, Path dir, Duration window) {}

    private LocalAgents() {}

    /** The output directory of agent {@code i} under {@code dir}. */
    public static Path agentDir(Path dir, int i) {
        return dir.resolve("agent-" + i);
    }

    /**
     * Runs the agents and returns their outputs in index order. {@code progress} hears what happens, in words.
     *
     * @throws UserError when an agent fails (its message) or does not arm or finish in time
     */
    public static List<AgentRun> run(Plan plan, ChildLauncher launcher, Consumer<String> progress)
            throws IOException, InterruptedException {
        List<ChildProcess> children = new ArrayList<>();
        try {
            for (int i = 0; i < plan.agents(); i++) {
                List<String> args = new ArrayList<>(List.of(
                        "agent",
                        "--agents",
                        Integer.toString(plan.agents()),
                        "--index",
                        Integer.toString(i),
                        "--control",
                        "stdio",
                        "--out",
                        agentDir(plan.dir(), i).toString()));
                args.addAll(plan.loadArgs());
                String cpus = plan.cpus() == null || plan.cpus().isEmpty()
                        ? null
                        : plan.cpus().get(i % plan.cpus().size());
                children.add(launcher.startMain("agent-" + i, plan.mainClass(), args, cpus, plan.dir()));
            }
            Duration armLimit = AgentDefaults.ARM_TIMEOUT.plus(plan.window());
            for (ChildProcess c : children) {
                await(c, ChildEvent.Armed.class, armLimit, "connect");
            }
            ChildProcess gone = startAll(children);
            if (gone != null) {
                throw new UserError(gone.role() + " went away before its start: " + gone.logTail());
            }
            progress.accept(plan.agents() + " agents connected; their load begins at one instant, "
                    + AgentDefaults.LOCAL_START_LEAD + " from now");
            Duration runLimit =
                    plan.window().plus(AgentDefaults.LOCAL_START_LEAD).plus(Duration.ofSeconds(60));
            for (ChildProcess c : children) {
                await(c, ChildEvent.Result.class, runLimit, "finish");
                c.process().waitFor();
            }
            List<AgentRun> out = new ArrayList<>();
            for (int i = 0; i < plan.agents(); i++) {
                out.add(AgentRun.read(agentDir(plan.dir(), i)));
            }
            return out;
        } finally {
            for (ChildProcess c : children) {
                launcher.stop(c);
            }
        }
    }

    /**
     * Tells every armed agent one start instant, {@link AgentDefaults#LOCAL_START_LEAD} from now; returns the first
     * that had gone away (told nothing), or null.
     */
    public static ChildProcess startAll(List<ChildProcess> agents) {
        Json.write(new ChildCommand.StartAt(0)); // the first write of a type is slow: not inside the lead
        long startAt = AgentClock.epochMicros() + AgentDefaults.LOCAL_START_LEAD.nanos() / 1_000;
        ChildProcess gone = null;
        for (ChildProcess c : agents) {
            if (!c.send(new ChildCommand.StartAt(startAt)) && gone == null) {
                gone = c;
            }
        }
        return gone;
    }

    private static <T extends ChildEvent> void await(ChildProcess c, Class<T> type, Duration limit, String what)
            throws InterruptedException {
        List<String> failure = new ArrayList<>(1);
        T e = c.await(type, limit, other -> {
            if (other instanceof ChildEvent.Failure f) {
                failure.add(f.message());
            }
        });
        if (e != null) {
            return;
        }
        if (!failure.isEmpty()) {
            throw new UserError(c.role() + ": " + failure.get(0));
        }
        throw new UserError(
                c.alive()
                        ? c.role() + " did not " + what + " within " + limit + ": " + c.logTail()
                        : c.role() + " exited with status " + c.process().exitValue() + " before it could " + what
                                + ": " + c.logTail());
    }
}
