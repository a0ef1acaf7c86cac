package io.loadlab.cli;

import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(
        name = "compare",
        mixinStandardHelpOptions = true,
        description = "Compare two results directories: faster, slower or no significant difference.")
final class CompareCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(arity = "0..*", hidden = true)
    List<String> args;

    @Override
    public Integer call() {
        return NotBuiltYet.say(spec);
    }
}
