package io.loadlab.cli;

import io.loadlab.core.UserError;
import java.io.PrintWriter;
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
            "Which server concurrency model serves this workload best? Reference servers for eight models, a"
                    + " coordinated-omission-free load generator, real dependencies, and a lab that runs the matrix,"
                    + " checks the method and draws the report.",
            ""
        },
        subcommands = {
            RunCommand.class,
            LoadCommand.class,
            ServeCommand.class,
            BackendCommand.class,
            ReportCommand.class,
            CompareCommand.class,
            DoctorCommand.class,
            CommandLine.HelpCommand.class
        },
        footer = {"", "Run 'loadlab COMMAND --help' for a command's options. Quick start: ./loadlab run"})
public final class Main implements Runnable {
    public static final int EXIT_OK = 0;
    public static final int EXIT_FAILED = 1;
    public static final int EXIT_USAGE = 2;
    public static final int EXIT_INTERNAL = 3;

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    public static void main(String[] args) {
        System.exit(execute(args));
    }

    /** Runs the command line and returns its exit status (tests call this instead of {@link #main}). */
    public static int execute(String... args) {
        return commandLine().execute(args);
    }

    public static CommandLine commandLine() {
        CommandLine cl = new CommandLine(new Main());
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

    private static int onFailure(Exception e, CommandLine cl, CommandLine.ParseResult parsed) {
        PrintWriter err = cl.getErr();
        Throwable cause = e;
        while (!(cause instanceof UserError) && cause.getCause() != null && cause.getCause() != cause) {
            cause = cause.getCause();
        }
        if (cause instanceof UserError || e instanceof IllegalArgumentException) {
            err.println(
                    "loadlab " + cl.getCommandName() + ": " + (cause instanceof UserError ? cause : e).getMessage());
            err.flush();
            return EXIT_USAGE;
        }
        err.println("loadlab " + cl.getCommandName() + ": internal error: " + e);
        e.printStackTrace(err);
        err.flush();
        return EXIT_INTERNAL;
    }
}
