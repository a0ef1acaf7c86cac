package io.loadlab.cli;

import io.loadlab.core.FileTrees;
import io.loadlab.core.Json;
import io.loadlab.core.UserError;
import io.loadlab.core.host.ConnectionCeiling;
import io.loadlab.core.host.HostFacts;
import io.loadlab.core.result.IntervalStats;
import io.loadlab.core.unit.Duration;
import io.loadlab.lab.child.ChildCommand;
import io.loadlab.lab.child.ChildEvent;
import io.loadlab.loadgen.LoadResult;
import io.loadlab.loadgen.LoadSpec;
import io.loadlab.loadgen.LoadSummary;
import io.loadlab.loadgen.ProgressListener;
import io.loadlab.loadgen.agents.AgentClock;
import io.loadlab.loadgen.agents.AgentDefaults;
import io.loadlab.loadgen.agents.AgentRecord;
import io.loadlab.loadgen.agents.AgentRun;
import io.loadlab.loadgen.agents.AgentShare;
import io.loadlab.loadgen.agents.StartBarrier;
import io.loadlab.transport.NettyTransport;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(
        name = "agent",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        defaultValueProvider = LoadDefaults.class,
        customSynopsis = "loadlab agent --agents N [--index I] [--start-at INSTANT] [--out DIR|-] LOAD-OPTIONS... URL",
        description = {
            "One load agent of N: takes its share of loadlab load's options (connections, -R and --max-connections"
                    + " divided evenly, the remainder to the first agents), connects, begins its load at the shared"
                    + " start instant, and writes what loadlab merge reads. A Kubernetes Indexed Job's pod"
                    + " runs this (its index from JOB_COMPLETION_INDEX). Its load options are loadlab load's"
                    + " (docs/distributed.md)."
        },
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:the agent ran and wrote its output (whether its requests succeeded is for the merge to judge)",
            "2:a usage error or an unreachable target",
            "3:an internal error"
        })
final class AgentCommand implements Callable<Integer> {
    /** Kubernetes sets this in every pod of an Indexed Job. */
    static final String INDEX_ENV = "JOB_COMPLETION_INDEX";

    @Spec
    CommandSpec spec;

    @Option(names = "--agents", paramLabel = "N", required = true, description = "How many agents share the run.")
    int agents;

    @Option(
            names = "--index",
            paramLabel = "I",
            description = "This agent's index, 0..N-1. (default: $" + INDEX_ENV + ", set by an Indexed Job)")
    Integer index;

    @Option(
            names = "--start-at",
            paramLabel = "INSTANT",
            description = "The shared start instant: ISO-8601 (2030-01-01T12:00:00Z) or epoch milliseconds. The agent"
                    + " connects, then waits for it; its load (--warmup, then the window) begins there. Absent (and no"
                    + " --control): it begins on its own once connected.")
    String startAt;

    @Option(
            names = "--control",
            paramLabel = "stdio",
            description = "stdio: the start instant comes on standard input and events go to standard output (how"
                    + " loadlab load --agents drives its agents); the summary goes to standard error.")
    String control;

    @Option(
            names = "--out",
            paramLabel = "DIR|-",
            description = "Where the output goes: a directory (" + AgentDefaults.AGENT_FILE + " and "
                    + AgentDefaults.HLOG_FILE + ") or - for one line on standard output that starts with"
                    + " 'loadlab-agent-output' (a pod's log). (default: ${DEFAULT-VALUE})",
            defaultValue = "-")
    String out;

    @Mixin
    LoadOptions load;

    @Override
    public Integer call() throws IOException {
        boolean stdio = control != null;
        if (stdio && !control.equals("stdio")) {
            throw new UserError("--control '" + control + "': the only control is stdio");
        }
        int idx = index != null ? index : envIndex();
        AgentShare share = new AgentShare(agents, idx);
        LoadSpec whole = load.spec();
        LoadCommand.fitsTheOpenFileLimit(whole.connections(), agents, ConnectionCeiling.of(HostFacts.read()));
        Path dir = out.equals("-") ? Files.createTempDirectory("loadlab-agent-") : Path.of(out);
        try {
            return run(share.of(whole).withHlog(dir.resolve(AgentDefaults.HLOG_FILE)), idx, dir, stdio);
        } finally {
            if (out.equals("-")) {
                FileTrees.delete(dir);
            }
        }
    }

    private int run(LoadSpec part, int idx, Path dir, boolean stdio) throws IOException {
        PrintStream stdout = System.out;
        PrintWriter human =
                stdio ? spec.commandLine().getErr() : spec.commandLine().getOut();
        boolean given = stdio || startAt != null;
        long pid = ProcessHandle.current().pid();
        ConnectHint hint = new ConnectHint("loadlab agent", spec.commandLine().getErr());
        StartBarrier barrier = new StartBarrier(
                () -> {
                    if (stdio) {
                        emit(stdout, new ChildEvent.Armed(pid, idx));
                    }
                },
                given ? AgentDefaults.ARM_TIMEOUT : Duration.ZERO);
        if (startAt != null) {
            barrier.startAt(parseInstant(startAt));
        }
        if (stdio) {
            Thread commands = new Thread(() -> readCommands(barrier), "loadlab-agent-commands");
            commands.setDaemon(true);
            commands.start();
        }
        ProgressListener listener = new ProgressListener() {
            @Override
            public void started(NettyTransport.Choice transport) {
                human.print("agent " + idx + " of " + agents + ": " + LoadSummary.header(part, transport));
                human.flush();
            }

            @Override
            public void measuring() {
                if (stdio) {
                    emit(stdout, new ChildEvent.Measuring(pid));
                }
            }

            @Override
            public void interval(IntervalStats s) {
                if (stdio) {
                    emit(stdout, new ChildEvent.Progress(s));
                }
            }

            @Override
            public void rehearse(IntervalStats s) {
                if (stdio) {
                    ChildEvent.rehearseLoadEvents(pid, s);
                }
            }

            @Override
            public void connectError(Throwable cause) {
                hint.failed(cause);
            }
        };
        LoadResult result = LoadEngine.run(part, listener, barrier);
        human.print(LoadSummary.format(result, load.summary.latency));
        human.flush();
        AgentRecord record = AgentRecord.of(idx, agents, barrier.startEpochMicros(), part, result);
        Path hlog = dir.resolve(AgentDefaults.HLOG_FILE);
        AgentRun run = AgentRun.of(record, Files.readString(hlog, StandardCharsets.US_ASCII));
        if (out.equals("-")) {
            PrintWriter line = spec.commandLine().getOut(); // after the summary, on the same stream: the pod's log
            line.println(run.toLine());
            line.flush();
        } else {
            run.writeTo(dir);
        }
        if (stdio) {
            emit(stdout, new ChildEvent.Result(result.report(), result.cpuSeconds()));
        }
        String failure = LoadExit.failure(result.report(), load.summary.maxErrorRate());
        if (failure != null) {
            spec.commandLine().getErr().println("loadlab agent " + idx + ": " + failure.replace("; exit 1", ""));
            spec.commandLine().getErr().flush();
        }
        return Main.EXIT_OK;
    }

    private static synchronized void emit(PrintStream stdout, ChildEvent e) {
        stdout.println(Json.write(e));
        stdout.flush();
    }

    private static void readCommands(StartBarrier barrier) {
        try {
            // the first read of a type costs a cold JVM tens of milliseconds: spent now, not when the instant arrives
            Json.read(Json.write(new ChildCommand.StartAt(0)), ChildCommand.class);
            AgentClock.epochMicros();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        try (BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8))) {
            String line;
            while ((line = in.readLine()) != null) {
                try {
                    if (Json.read(line, ChildCommand.class) instanceof ChildCommand.StartAt s) {
                        barrier.startAt(s.epochMicros());
                    }
                } catch (IOException notACommand) {
                    // ignored: the parent sends only commands
                }
            }
        } catch (IOException closed) {
            // the parent went away; the warm-up ends at its limit and the window is flagged as drifted
        }
    }

    private static int envIndex() {
        String v = System.getenv(INDEX_ENV);
        if (v == null) {
            throw new UserError("no agent index: give --index I or run in an Indexed Job (" + INDEX_ENV + ")");
        }
        try {
            return Integer.parseInt(v.trim());
        } catch (NumberFormatException e) {
            throw new UserError(INDEX_ENV + "='" + v + "' is not a number");
        }
    }

    /** Epoch microseconds of an ISO-8601 instant or of epoch milliseconds. */
    static long parseInstant(String text) {
        try {
            if (text.chars().allMatch(Character::isDigit)) {
                return Long.parseLong(text) * 1_000;
            }
            Instant i = Instant.parse(text);
            return i.getEpochSecond() * 1_000_000 + i.getNano() / 1_000;
        } catch (NumberFormatException | DateTimeParseException e) {
            throw new UserError("--start-at '" + text
                    + "': expected an ISO-8601 instant such as 2030-01-01T12:00:00Z or epoch milliseconds");
        }
    }
}
