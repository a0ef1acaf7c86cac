package io.loadlab.report;

import io.loadlab.core.model.ConcurrencyModel;
import io.loadlab.core.model.Knob;
import io.loadlab.core.model.Parity;
import io.loadlab.core.result.TrialResult;
import io.loadlab.core.settings.ServerSettings;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code PARITY} warnings of one answer: the settings in which its models differ although none takes them as its
 * own knob ({@link Parity}), read from each model's first trial that recorded settings, then what they were seen to
 * do differently per request ({@link ObservedParity}). A user's server contributes
 * what it announced and the settings its suite declares for it (its trials' {@code declared}), which the parity rule
 * compares too.
 */
final class ParityWarnings {
    private ParityWarnings() {}

    /** {@code PARITY: database.pool: spring-mvc 10, netty 16}, one per difference; empty when the models are on par. */
    static List<String> of(List<TrialGroup> groups) {
        Map<String, ServerSettings> settings = new LinkedHashMap<>();
        Map<String, Map<String, String>> declared = new LinkedHashMap<>();
        for (TrialGroup g : groups) {
            String model = g.key().model();
            TrialResult first = firstWithSettings(g.trials());
            if (!settings.containsKey(model)) {
                settings.put(model, first == null ? null : first.server().settings());
            }
            if (first != null && first.server().declared() != null) {
                declared.putIfAbsent(model, first.server().declared());
            }
        }
        if (settings.size() < 2) {
            return List.of();
        }
        List<String> out = new ArrayList<>();
        Parity.of(settings, declared, ParityWarnings::ownSetting).forEach(d -> out.add("PARITY: " + d.text()));
        out.addAll(ObservedParity.of(groups));
        return out;
    }

    /** The first trial that recorded what the server announced or what its suite declared; null when none did. */
    private static TrialResult firstWithSettings(List<TrialResult> trials) {
        for (TrialResult t : trials) {
            if (t.server() != null
                    && (t.server().settings() != null || t.server().declared() != null)) {
                return t;
            }
        }
        return null;
    }

    /**
     * True when the settings field at {@code path} is set by one of the catalog model's own knobs, in which it is
     * expected to differ; a user's server has none. The backend client's connection limit is a knob of several
     * framework models only so that a suite can set it alike: it never exempts a model.
     */
    static boolean ownSetting(String model, String path) {
        return ConcurrencyModel.all().stream()
                .filter(m -> m.id().equals(model))
                .anyMatch(m -> m.ownKnobs().stream()
                        .filter(k -> !k.equals(Knob.HTTP_CLIENT_CONNECTIONS))
                        .anyMatch(k -> k.setting().equals(path)));
    }
}
