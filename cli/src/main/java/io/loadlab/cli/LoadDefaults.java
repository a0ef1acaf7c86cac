package io.loadlab.cli;

import io.loadlab.core.Defaults;
import io.loadlab.core.result.VerdictDefaults;
import io.loadlab.core.unit.Percent;
import io.loadlab.loadgen.LoadgenDefaults;
import picocli.CommandLine.IDefaultValueProvider;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * Feeds the defaults of the load options ({@link LoadOptions}) from {@link Defaults}, so the help's ${DEFAULT-VALUE}
 * quotes them; every command that takes load options names it.
 */
final class LoadDefaults implements IDefaultValueProvider {
    @Override
    public String defaultValue(ArgSpec arg) {
        if (!(arg instanceof OptionSpec o)) {
            return null;
        }
        return switch (o.longestName()) {
            case "--connections" -> Integer.toString(LoadgenDefaults.CONNECTIONS);
            case "--duration" -> LoadgenDefaults.DURATION.toString();
            case "--timeout" -> Defaults.TIMEOUT.toString();
            case "--warmup" -> LoadgenDefaults.WARMUP.toString();
            case "--method" -> "GET";
            case "--retries" -> Integer.toString(LoadgenDefaults.RETRIES);
            case "--retry-backoff" -> LoadgenDefaults.RETRY_BACKOFF.toString();
            case "--max-streams" -> Integer.toString(LoadgenDefaults.MAX_STREAMS);
            case "--max-error-rate" ->
                Percent.of(VerdictDefaults.ERROR_THRESHOLD).toString();
            default -> null;
        };
    }
}
