package io.loadlab.lab.spec;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.loadlab.core.unit.Duration;
import java.nio.file.Path;

/** A suite's {@code scenario:} as written, and the {@link ScenarioSpec} it makes (errors name the experiment). */
final class ScenarioFiles {
    private ScenarioFiles() {}

    record ScenarioFile(
            String type,
            String delay,
            Integer fast,
            Integer slow,
            String split,
            Integer reads,
            Integer writes,
            Integer keys,
            Boolean tls,
            Boolean fresh,
            Boolean https,
            String protocol,
            Integer streams,
            String path,
            @JsonProperty("wait") String waitFor,
            Integer retries,
            String retryBackoff,
            String timeout,
            TriggerFile trigger,
            FaultFile fault) {}

    /** {@code fault: {kill: postgres, at: 10s}} or {@code fault: {stop: backend, at: 10s, for: 5s}}. */
    record FaultFile(
            String kill,
            String stop,
            String at,
            @JsonProperty("for") String length) {}

    /** {@code trigger: {delay: 1s, at: 10s, for: 5s}}. */
    record TriggerFile(
            String delay, String at, @JsonProperty("for") String length) {}

    /** The scenario of experiment {@code experiment}; a scenario file's path is relative to {@code dir}. */
    static ScenarioSpec spec(String experiment, ScenarioFile file, Path dir) {
        if (file == null || file.type() == null) {
            throw new IllegalArgumentException("experiment '" + experiment + "' needs 'scenario: {type: ...}'");
        }
        ScenarioFile s = file;
        if (s.split() != null && !s.split().equals("requests") && !s.split().equals("connections")) {
            throw new IllegalArgumentException(
                    "experiment '" + experiment + "': split is 'requests' or 'connections', not '" + s.split() + "'");
        }
        ScenarioSpec.Mix mix = ScenarioSpec.Mix.DEFAULT;
        ScenarioSpec.Crud crud = ScenarioSpec.Crud.DEFAULT;
        return new ScenarioSpec(
                ScenarioKind.parse(s.type()),
                s.delay() != null ? Duration.parse(s.delay()) : null,
                new ScenarioSpec.Mix(
                        s.fast() != null ? s.fast() : mix.fast(),
                        s.slow() != null ? s.slow() : mix.slow(),
                        "connections".equals(s.split())),
                new ScenarioSpec.Crud(
                        s.reads() != null ? s.reads() : crud.reads(),
                        s.writes() != null ? s.writes() : crud.writes(),
                        s.keys() != null ? s.keys() : crud.keys(),
                        s.tls() != null && s.tls(),
                        s.fresh() == null || s.fresh()),
                s.https() != null && s.https() || ScenarioSpec.H2.equals(s.protocol()),
                http2(experiment, s.protocol()),
                s.streams() == null ? 1 : s.streams(),
                FileScenario.inSuite(experiment, s.type(), dir, s.path(), s.waitFor()),
                Overload.parse(
                        s.retries(),
                        s.retryBackoff(),
                        s.timeout(),
                        s.trigger() == null
                                ? null
                                : new String[] {
                                    s.trigger().delay(),
                                    s.trigger().at(),
                                    s.trigger().length()
                                },
                        fault(experiment, s.fault())));
    }

    private static Fault fault(String experiment, FaultFile f) {
        if (f == null) {
            return null;
        }
        try {
            return Fault.parse(f.kill(), f.stop(), f.at(), f.length());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("experiment '" + experiment + "': " + e.getMessage());
        }
    }

    private static boolean http2(String experiment, String protocol) {
        if (protocol == null || protocol.equals(ScenarioSpec.HTTP1)) {
            return false;
        }
        if (protocol.equals(ScenarioSpec.H2C) || protocol.equals(ScenarioSpec.H2)) {
            return true;
        }
        throw new IllegalArgumentException("experiment '" + experiment + "': protocol is http/1.1, h2c or h2 (h2c over"
                + " HTTPS), not '" + protocol + "'");
    }
}
