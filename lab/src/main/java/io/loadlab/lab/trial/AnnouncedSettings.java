package io.loadlab.lab.trial;

import io.loadlab.core.settings.ServerSettings;
import io.loadlab.core.settings.SettingsReader;
import io.loadlab.core.settings.SettingsSchema;
import io.loadlab.lab.validate.Validator;
import java.util.List;

/**
 * What a server announced of its settings, read once where the lab meets it: the record (null when it announced
 * nothing readable) and what it lacks or gets wrong against the schema. A catalog model with a problem fails the
 * validation gate by the field's name; a user's server may report part of the record, or none, and the parity check
 * then says unknown.
 */
record AnnouncedSettings(ServerSettings settings, List<String> problems) {
    static final AnnouncedSettings NONE = new AnnouncedSettings(null, List.of("no settings announced"));

    AnnouncedSettings {
        problems = List.copyOf(problems);
    }

    /** A reference server's, from its {@code serving} event. */
    static AnnouncedSettings of(ServerSettings s) {
        return s == null
                ? NONE
                : new AnnouncedSettings(
                        s,
                        SettingsSchema.missing(s).stream()
                                .map(p -> p + ": missing")
                                .toList());
    }

    /** What the server at {@code url} answers at {@code GET /settings}. */
    static AnnouncedSettings fetch(String url) {
        String body = new Validator(url, false).settingsBody();
        if (body == null) {
            return new AnnouncedSettings(null, List.of("no answer 200 at /settings"));
        }
        List<String> problems = SettingsReader.problems(body);
        try {
            return new AnnouncedSettings(SettingsReader.read(body), problems);
        } catch (IllegalArgumentException e) {
            return new AnnouncedSettings(null, problems.isEmpty() ? List.of(e.getMessage()) : problems);
        }
    }

    /** The gate's reason when a catalog model's settings are not the record's: null when they are. */
    String failure() {
        return problems.isEmpty()
                ? null
                : "its /settings does not answer the settings record every model announces (docs/models.md): "
                        + String.join("; ", problems);
    }
}
