package io.loadlab.report;

import io.loadlab.core.model.ConcurrencyModel;
import io.loadlab.core.model.Parity;
import io.loadlab.core.result.TrialResult;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code PARITY} warnings of one answer: the settings in which its models differ although none takes them as its
 * own knob ({@link Parity}), read from each model's first trial that recorded settings. A user's server contributes
 * the settings its suite declares for it (its trials' {@code declared} settings), which the parity rule compares too.
 */
final class ParityWarnings {
    /** The trial settings key of a user's server's declared settings (the lab's {@code UserServer.DECLARED}). */
    static final String DECLARED = "declared";

    private ParityWarnings() {}

    /** {@code PARITY: db_pool: spring-mvc 10, netty 16}, one per difference; empty when the models are on par. */
    static List<String> of(List<TrialGroup> groups) {
        Map<String, Map<String, Object>> settings = new LinkedHashMap<>();
        Map<String, Map<String, String>> declared = new LinkedHashMap<>();
        for (TrialGroup g : groups) {
            String model = g.key().model();
            Map<String, Object> s = firstSettings(g.trials());
            settings.putIfAbsent(model, s);
            if (s.get(DECLARED) instanceof Map<?, ?> d) {
                Map<String, String> own = new LinkedHashMap<>();
                d.forEach((k, v) -> own.put(String.valueOf(k), String.valueOf(v)));
                declared.putIfAbsent(model, own);
            }
        }
        if (settings.size() < 2) {
            return List.of();
        }
        return Parity.of(settings, declared, ParityWarnings::ownKnob).stream()
                .map(d -> "PARITY: " + d.text())
                .toList();
    }

    private static Map<String, Object> firstSettings(List<TrialResult> trials) {
        for (TrialResult t : trials) {
            if (t.server() != null
                    && t.server().settings() != null
                    && !t.server().settings().isEmpty()) {
                return t.server().settings();
            }
        }
        return Map.of();
    }

    /**
     * True when {@code setting} (as {@code /settings} names it, snake_case) is one of the catalog model's own knobs,
     * in which it is expected to differ; a user's server has none.
     */
    static boolean ownKnob(String model, String setting) {
        String knob = setting.replace('_', '-');
        return ConcurrencyModel.all().stream()
                .filter(m -> m.id().equals(model))
                .anyMatch(m -> m.ownKnobs().stream().anyMatch(k -> k.name().equals(knob)));
    }
}
