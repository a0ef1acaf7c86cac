package io.loadlab.cli;

import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(
        name = "load",
        mixinStandardHelpOptions = true,
        description =
                "Generate load against a URL: closed (-c) or open (-R) model, latency from the intended send time.")
final class LoadCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(arity = "0..*", hidden = true)
    List<String> args;

    @Override
    public Integer call() {
        return NotBuiltYet.say(spec);
    }
}
