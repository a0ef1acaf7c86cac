package io.loadlab.cli;

import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(
        name = "run",
        mixinStandardHelpOptions = true,
        description = "Run a suite of experiments end to end and write results and a report.")
final class RunCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(arity = "0..*", hidden = true)
    List<String> args;

    @Override
    public Integer call() {
        return NotBuiltYet.say(spec);
    }
}
