package io.loadlab.cli;

import io.loadlab.core.Printable;
import io.loadlab.core.UserError;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * The {@code loadlab} command. Exit status: 0 success, 1 the work ran but found a failure (e.g. a verdict or a
 * failed check), 2 a usage or user error (one line on stderr, no stack trace), 3 an internal error.
 */
@Command(
        name = "loadlab",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = {
            "Which server concurrency model serves this workload best? Reference servers for eight models and"
                    + " applications in the frameworks built on them (Spring, Quarkus, Helidon, Tomcat and more), a"
                    + " coordinated-omission-free load generator, real dependencies, and a lab that runs the matrix,"
                    + " checks the method and draws the report.",
            ""
        },
        footer = {"", "Run 'loadlab COMMAND --help' for a command's options. Quick start: ./loadlab run"})
public final class Main implements Runnable {
    public static final int EXIT_OK = 0;
    public static final int EXIT_FAILED = 1;
    public static final int EXIT_USAGE = 2;
    public static final int EXIT_INTERNAL = 3;
    /** A {@code --threshold} failed (k6 uses the same code), or {@code compare --fail-on-regression} found one. */
    public static final int EXIT_THRESHOLDS = 99;

    /** The file system refusing a write (full, over quota, read-only), as the kernel's messages say it. */
    private static final List<String> DISK_REFUSALS =
            List.of("No space left on device", "Disk quota exceeded", "Read-only file system");

    /**
     * The subcommands in help order. picocli builds a subcommand's model by reflection, which costs start-up time
     * (tens of milliseconds each on a cold JVM, more on one pinned core), so a command line naming one of them builds
     * only that one; anything else (no arguments, help, a misspelling that deserves suggestions) builds them all.
     */
    private static final Map<String, Class<?>> SUBCOMMANDS = subcommands();

    @Spec
    CommandSpec spec;

    private static Map<String, Class<?>> subcommands() {
        Map<String, Class<?>> m = new LinkedHashMap<>();
        m.put("run", RunCommand.class);
        m.put("load", LoadCommand.class);
        m.put("agent", AgentCommand.class);
        m.put("merge", MergeCommand.class);
        m.put("k8s", K8sCommand.class);
        m.put("serve", ServeCommand.class);
        m.put("backend", BackendCommand.class);
        m.put("report", ReportCommand.class);
        m.put("compare", CompareCommand.class);
        m.put("doctor", DoctorCommand.class);
        m.put("findings", FindingsCommand.class);
        m.put("help", CommandLine.HelpCommand.class);
        return m;
    }

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    public static void main(String[] args) {
        // Netty registers its allocator's JFR events at class initialisation, which loads and parses JFR's metadata
        // (~0.1 s of CPU at start-up). Nothing here records them; -Dio.netty.jfr.enabled=true brings them back.
        if (System.getProperty("io.netty.jfr.enabled") == null) {
            System.setProperty("io.netty.jfr.enabled", "false");
        }
        System.exit(execute(args));
    }

    /** Runs the command line and returns its exit status (tests call this instead of {@link #main}). */
    public static int execute(String... args) {
        return commandLine(args.length > 0 ? args[0] : null).execute(args);
    }

    /** The whole command line, every subcommand included. */
    public static CommandLine commandLine() {
        return commandLine(null);
    }

    private static CommandLine commandLine(String first) {
        CommandLine cl = new CommandLine(new Main());
        Class<?> only = first == null || first.equals("help") ? null : SUBCOMMANDS.get(first);
        for (Class<?> c : only != null ? List.<Class<?>>of(only) : SUBCOMMANDS.values()) {
            // A CommandLine of its own applies the subcommand's model transformer (e.g. serve's list of models),
            // which picocli skips for a class added to a parent that is already built.
            cl.addSubcommand(new CommandLine(c));
        }
        cl.setCaseInsensitiveEnumValuesAllowed(true);
        cl.setParameterExceptionHandler(Main::onBadParameters);
        cl.setExecutionExceptionHandler(Main::onFailure);
        return cl;
    }

    private static int onBadParameters(CommandLine.ParameterException e, String[] args) {
        CommandLine cl = e.getCommandLine();
        PrintWriter err = cl.getErr();
        err.println("loadlab: " + e.getMessage());
        CommandLine.UnmatchedArgumentException.printSuggestions(e, err);
        err.println("Usage: " + usageLine(cl) + "  (see '" + cl.getCommandSpec().qualifiedName() + " --help')");
        err.flush();
        return EXIT_USAGE;
    }

    private static String usageLine(CommandLine cl) {
        String synopsis = cl.getHelp().synopsis(0).trim();
        int nl = synopsis.indexOf('\n');
        return nl < 0 ? synopsis : synopsis.substring(0, nl) + " ...";
    }

    static int onFailure(Exception e, CommandLine cl, CommandLine.ParseResult parsed) {
        PrintWriter err = cl.getErr();
        Throwable cause = e;
        while (!(cause instanceof UserError) && cause.getCause() != null && cause.getCause() != cause) {
            cause = cause.getCause();
        }
        if (cause instanceof UserError || e instanceof IllegalArgumentException) {
            err.println("loadlab " + cl.getCommandName() + ": "
                    + Printable.escape((cause instanceof UserError ? cause : e).getMessage()));
            err.flush();
            return EXIT_USAGE;
        }
        IOException disk = diskFailure(e);
        if (disk != null) {
            err.println("loadlab " + cl.getCommandName() + ": " + Printable.escape(disk.getMessage())
                    + "; free space on that file system, or write elsewhere" + whereTo(cl));
            err.flush();
            return EXIT_USAGE;
        }
        err.println("loadlab " + cl.getCommandName() + ": internal error: " + e);
        e.printStackTrace(err);
        err.flush();
        return EXIT_INTERNAL;
    }

    /** The options of {@code cl}'s command that say where it writes, as " (--results)", or "" when it has none. */
    private static String whereTo(CommandLine cl) {
        List<String> flags = Stream.of("--results", "-o", "--json", "--hlog")
                .filter(f -> cl.getCommandSpec().findOption(f) != null)
                .toList();
        return flags.isEmpty() ? "" : " (" + String.join(", ", flags) + ")";
    }

    /**
     * The outermost {@link IOException} of {@code e}'s causes when one of them is the file system refusing a write
     * (full, over quota, read-only): the host's state, not a fault of loadlab, so one line and no stack trace.
     */
    static IOException diskFailure(Throwable e) {
        IOException outermost = null;
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof IOException io && outermost == null) {
                outermost = io;
            }
            String m = t.getMessage();
            if (outermost != null && m != null && DISK_REFUSALS.stream().anyMatch(m::contains)) {
                return outermost;
            }
        }
        return null;
    }
}
