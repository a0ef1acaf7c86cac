package io.loadlab.cli;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;
import picocli.CommandLine.ParseResult;

/**
 * The load options as load agents receive them: rebuilt from what a command parsed (so every form the user typed,
 * {@code -c 10}, {@code -c10}, {@code --connections=10}, comes out as {@code --connections=10}), less the options that
 * belong to the whole run or to the command itself; {@code loadlab agent} parses them into the same {@link
 * LoadOptions}.
 */
final class LoadArgs {
    private LoadArgs() {}

    /** The arguments of {@code parsed} without the options named (by their longest name) in {@code drop}. */
    static List<String> without(ParseResult parsed, Set<String> drop) {
        List<String> out = new ArrayList<>();
        for (OptionSpec o : new LinkedHashSet<>(parsed.matchedOptions())) {
            if (drop.contains(o.longestName()) || o.usageHelp() || o.versionHelp()) {
                continue;
            }
            if (o.arity().max() == 0) {
                out.add(o.longestName());
                continue;
            }
            for (String v : o.originalStringValues()) {
                out.add(o.longestName() + "=" + v);
            }
        }
        for (PositionalParamSpec p : parsed.matchedPositionals()) {
            out.addAll(p.originalStringValues());
        }
        return out;
    }
}
