package io.loadlab.lab.spec;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.loadlab.core.Defaults;
import io.loadlab.core.UserError;
import io.loadlab.core.result.LoadLevel;
import io.loadlab.core.unit.Duration;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads suite YAML files (format in {@code docs/suites.md}) into a {@link SuiteSpec}. Every mistake is one
 * {@link UserError} naming the file, the line and the key, e.g. {@code suites/x.yaml:7: unknown key 'modles'}.
 */
public final class SuiteFiles {
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory())
            .setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, true)
            .configure(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES, true)
            .configure(DeserializationFeature.ACCEPT_SINGLE_VALUE_AS_ARRAY, true);

    private SuiteFiles() {}

    record SuiteFile(
            String name,
            String description,
            String warmup,
            String duration,
            Integer repetitions,
            CpuFile cpus,
            ThresholdFile thresholds,
            String backendDelay,
            List<ExperimentFile> experiments) {}

    record CpuFile(String server, String loadgen, String dependencies) {}

    record ThresholdFile(
            Double errors,
            Double loadgenMinIdle,
            Double rateTolerance,
            Double dependencyBusy,
            Double iowait,
            Double steady,
            Double little,
            Double work) {}

    record ExperimentFile(
            String name,
            ScenarioFile scenario,
            List<String> models,
            List<Integer> connections,
            List<Double> rates,
            Map<String, Object> server) {}

    record ScenarioFile(
            String type,
            String delay,
            Integer fast,
            Integer slow,
            Integer reads,
            Integer writes,
            Integer keys,
            Boolean tls) {}

    /** Finds {@code NAME} as {@code suitesDir/NAME.yaml}, or reads {@code NAME} as a path. */
    public static SuiteSpec load(String nameOrFile, Path suitesDir) {
        Path file = Path.of(nameOrFile);
        if (!Files.isRegularFile(file)) {
            Path named = suitesDir.resolve(nameOrFile + ".yaml");
            if (!Files.isRegularFile(named)) {
                throw new UserError("no suite '" + nameOrFile + "': neither a file nor " + named + " (suites: "
                        + available(suitesDir) + ")");
            }
            file = named;
        }
        return read(file);
    }

    public static SuiteSpec read(Path file) {
        SuiteFile f;
        try {
            f = YAML.readValue(file.toFile(), SuiteFile.class);
        } catch (UnrecognizedPropertyException e) {
            throw new UserError(file + ":" + keyLine(file, e.getPropertyName(), line(e)) + ": unknown key '"
                    + e.getPropertyName() + "' at " + path(e) + " (known here: "
                    + e.getKnownPropertyIds() + ")");
        } catch (JsonProcessingException e) {
            throw new UserError(file + ":" + line(e) + ": " + e.getOriginalMessage());
        } catch (IOException e) {
            throw new UserError("cannot read suite " + file + ": " + e.getMessage());
        }
        if (f == null) {
            throw new UserError(file + ": the suite file is empty");
        }
        try {
            return toSpec(f, file);
        } catch (IllegalArgumentException e) {
            throw new UserError(file + ": " + e.getMessage());
        }
    }

    /**
     * The line where {@code key} is written: records are built from buffered tokens, so the parser's position is
     * past the key by the time it is found unknown.
     */
    private static int keyLine(Path file, String key, int fallback) {
        try {
            List<String> lines = Files.readAllLines(file);
            java.util.regex.Pattern p =
                    java.util.regex.Pattern.compile("(^|[\\s{,-])" + java.util.regex.Pattern.quote(key) + "\\s*:");
            for (int i = 0; i < lines.size(); i++) {
                String l = lines.get(i);
                int hash = l.indexOf('#');
                if (p.matcher(hash < 0 ? l : l.substring(0, hash)).find()) {
                    return i + 1;
                }
            }
        } catch (IOException e) {
            // fall back to the parser's line
        }
        return fallback;
    }

    private static String path(JsonProcessingException e) {
        if (e instanceof com.fasterxml.jackson.databind.JsonMappingException m) {
            StringBuilder b = new StringBuilder();
            for (var ref : m.getPath()) {
                if (ref.getFieldName() != null) {
                    b.append(b.isEmpty() ? "" : ".").append(ref.getFieldName());
                } else if (ref.getIndex() >= 0) {
                    b.append('[').append(ref.getIndex()).append(']');
                }
            }
            return b.isEmpty() ? "top level" : b.toString();
        }
        return "?";
    }

    /** The line of the offending token: the parser's own position is already past it. */
    private static int line(JsonProcessingException e) {
        if (e.getProcessor() instanceof JsonParser p && p.currentTokenLocation() != null) {
            return p.currentTokenLocation().getLineNr();
        }
        return e.getLocation() == null ? 0 : e.getLocation().getLineNr();
    }

    private static SuiteSpec toSpec(SuiteFile f, Path file) {
        String base = file.getFileName().toString().replaceFirst("\\.ya?ml$", "");
        List<ExperimentSpec> experiments = new ArrayList<>();
        if (f.experiments() == null) {
            throw new IllegalArgumentException("no 'experiments:' list");
        }
        for (ExperimentFile e : f.experiments()) {
            experiments.add(experiment(e));
        }
        CpuSplit cpus = f.cpus() == null
                ? null
                : new CpuSplit(f.cpus().server(), f.cpus().loadgen(), f.cpus().dependencies());
        return new SuiteSpec(
                f.name() != null ? f.name() : base,
                f.description(),
                f.warmup() != null ? Duration.parse(f.warmup()) : Duration.ofSeconds(2),
                f.duration() != null ? Duration.parse(f.duration()) : Defaults.DURATION,
                f.repetitions() != null ? f.repetitions() : Defaults.REPETITIONS,
                cpus,
                thresholds(f.thresholds()),
                f.backendDelay() != null ? Duration.parse(f.backendDelay()) : Defaults.BACKEND_DELAY,
                experiments,
                Path.of(Defaults.RESULTS_DIR),
                null,
                null,
                null,
                List.of());
    }

    private static ExperimentSpec experiment(ExperimentFile e) {
        if (e.scenario() == null || e.scenario().type() == null) {
            throw new IllegalArgumentException("experiment '" + e.name() + "' needs 'scenario: {type: ...}'");
        }
        ScenarioFile s = e.scenario();
        ScenarioSpec scenario = new ScenarioSpec(
                ScenarioKind.parse(s.type()),
                s.delay() != null ? Duration.parse(s.delay()) : null,
                s.fast() != null ? s.fast() : 9,
                s.slow() != null ? s.slow() : 1,
                s.reads() != null ? s.reads() : 8,
                s.writes() != null ? s.writes() : 2,
                s.keys() != null ? s.keys() : 24_000,
                s.tls() != null && s.tls());
        List<Integer> conns = e.connections() == null ? List.of(Defaults.CONNECTIONS) : e.connections();
        List<LoadLevel> loads = new ArrayList<>();
        if (e.rates() != null && !e.rates().isEmpty()) {
            for (double r : e.rates()) {
                loads.add(new LoadLevel(conns.get(0), r));
            }
        } else {
            for (int c : conns) {
                if (c < 1) {
                    throw new IllegalArgumentException("experiment '" + e.name() + "': connections must be >= 1");
                }
                loads.add(new LoadLevel(c, null));
            }
        }
        Map<String, String> opts = new LinkedHashMap<>();
        if (e.server() != null) {
            e.server().forEach((k, v) -> opts.put(k, String.valueOf(v)));
        }
        return new ExperimentSpec(e.name(), scenario, Models.expand(e.models()), loads, opts);
    }

    private static Thresholds thresholds(ThresholdFile t) {
        Thresholds d = Thresholds.DEFAULTS;
        if (t == null) {
            return d;
        }
        return new Thresholds(
                or(t.errors(), d.errors()),
                or(t.loadgenMinIdle(), d.loadgenMinIdle()),
                or(t.rateTolerance(), d.rateTolerance()),
                or(t.dependencyBusy(), d.dependencyBusy()),
                or(t.iowait(), d.iowait()),
                or(t.steady(), d.steady()),
                or(t.little(), d.little()),
                or(t.work(), d.work()));
    }

    private static double or(Double v, double d) {
        return v != null ? v : d;
    }

    private static String available(Path dir) {
        try (var s = Files.list(dir)) {
            return String.join(
                    ", ",
                    s.map(p -> p.getFileName().toString())
                            .filter(n -> n.endsWith(".yaml"))
                            .map(n -> n.substring(0, n.length() - 5))
                            .sorted()
                            .toList());
        } catch (IOException e) {
            return "none found in " + dir;
        }
    }
}
