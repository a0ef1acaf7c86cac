package io.loadlab.lab.trial;

import io.loadlab.core.data.ZipCode;
import io.loadlab.core.result.ValidationResult;
import io.loadlab.lab.deps.Dependencies;
import io.loadlab.lab.spec.ScenarioKind;
import io.loadlab.lab.spec.ScenarioSpec;
import io.loadlab.lab.validate.Validator;
import java.util.ArrayList;
import java.util.List;

/**
 * The validation gate of a trial: the scenario's requests once each at low load, checked against the contract, then
 * the bad inputs, before any load (the reactive CRUD lesson: a broken app gets no number). A catalog model must also
 * announce the whole settings record, typed: one that leaves out a field the parity check needs is refused by the
 * field's name, since its ranking could not be shown fair.
 */
final class ValidationPhase {
    private ValidationPhase() {}

    /** @param strict a catalog model: the contract's probes, and its settings record, are asked of it */
    static ValidationResult run(StartedServer server, ScenarioSpec s, boolean strict) {
        Validator v = new Validator(server.url(), strict, s.http2());
        ZipCode sample = null;
        ZipCode absent = null;
        if (s.kind() == ScenarioKind.CRUD) {
            sample = Dependencies.rows(s).get(0);
            absent = Dependencies.freshRow(s);
        }
        ValidationResult result = v.validate(s, sample, absent);
        String settings = server.announced().failure();
        if (!strict || !result.passed() || settings == null) {
            return result;
        }
        List<String> checks = new ArrayList<>(result.checks());
        checks.add("GET /settings: the settings record");
        return new ValidationResult(false, checks, "the server " + settings);
    }
}
