package io.loadlab.lab.trial;

import io.loadlab.core.data.ZipCode;
import io.loadlab.core.result.ValidationResult;
import io.loadlab.lab.deps.Dependencies;
import io.loadlab.lab.spec.ScenarioKind;
import io.loadlab.lab.spec.ScenarioSpec;
import io.loadlab.lab.validate.Validator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The validation gate of a trial: the scenario's requests once each at low load, checked against the contract, then
 * the bad inputs, before any load (the reactive CRUD lesson: a broken app gets no number). Also completes the
 * server's settings with its {@code /settings}.
 */
final class ValidationPhase {
    /** What validation found, and the server's settings as announced and as served. */
    record Validated(ValidationResult result, Map<String, Object> settings) {}

    private ValidationPhase() {}

    static Validated run(StartedServer server, ScenarioSpec s, boolean strict) {
        Validator v = new Validator(server.url(), strict, s.http2());
        ZipCode sample = null;
        ZipCode absent = null;
        if (s.kind() == ScenarioKind.CRUD) {
            sample = Dependencies.rows(s).get(0);
            absent = Dependencies.freshRow(s);
        }
        ValidationResult result = v.validate(s, sample, absent);
        Map<String, Object> settings = new LinkedHashMap<>(server.settings());
        settings.putAll(v.settings());
        return new Validated(result, settings);
    }
}
