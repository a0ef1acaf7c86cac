package io.loadlab.cli;

import picocli.CommandLine.Model.CommandSpec;

/** The answer of a subcommand whose engine is not in this build yet. */
final class NotBuiltYet {
    private NotBuiltYet() {}

    static int say(CommandSpec spec) {
        spec.commandLine().getErr().println("loadlab " + spec.name() + ": not built yet in this version of loadlab.");
        return Main.EXIT_USAGE;
    }
}
