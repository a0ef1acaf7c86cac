package io.loadlab.cli;

import picocli.CommandLine.IModelTransformer;
import picocli.CommandLine.Model.CommandSpec;

/**
 * For commands that take their own options first and then {@code loadlab load}'s (agent, k8s): parsing stops at the
 * first argument the command does not know, and everything from there on is handed over as it was typed.
 */
public final class StopAtUnmatched implements IModelTransformer {
    @Override
    public CommandSpec transform(CommandSpec spec) {
        spec.parser().stopAtUnmatched(true);
        return spec;
    }
}
