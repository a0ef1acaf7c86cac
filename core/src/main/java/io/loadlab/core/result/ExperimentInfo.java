package io.loadlab.core.result;

import java.util.List;
import java.util.Map;

/**
 * One experiment of a suite as run: its scenario (id and label), models, load levels, the server options every model
 * got, and the criterion its answer ranks by.
 */
public record ExperimentInfo(
        String name,
        String scenario,
        String label,
        List<String> models,
        List<LoadLevel> loads,
        Map<String, String> serverOptions,
        Criterion criterion) {}
