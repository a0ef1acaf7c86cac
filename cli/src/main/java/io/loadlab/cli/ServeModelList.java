package io.loadlab.cli;

import io.loadlab.core.model.ConcurrencyModel;
import io.loadlab.servers.ServerModels;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Help;
import picocli.CommandLine.Help.Column;
import picocli.CommandLine.Help.Column.Overflow;
import picocli.CommandLine.Help.TextTable;
import picocli.CommandLine.IModelTransformer;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.UsageMessageSpec;

/**
 * Adds every model of the catalog, with its one-line description, to the help of {@code loadlab serve}: the reference
 * models, then the framework models (applications built on first use). Each knob's option says which models take it,
 * and their defaults where the option has none of its own, as the catalog says: the command names no model.
 */
public final class ServeModelList implements IModelTransformer {
    private static final String SECTION = "models";

    @Override
    public CommandSpec transform(CommandSpec spec) {
        UsageMessageSpec usage = spec.usageMessage();
        usage.sectionMap().put(SECTION, ServeModelList::render);
        List<String> keys = new ArrayList<>(usage.sectionKeys());
        keys.add(keys.indexOf(UsageMessageSpec.SECTION_KEY_FOOTER_HEADING), SECTION);
        usage.sectionKeys(keys);
        for (OptionSpec o : List.copyOf(spec.options())) {
            String knob = o.longestName().substring(2);
            String takers = takers(knob);
            if (takers != null) {
                String text = takers + ": " + String.join(" ", o.description());
                List<String> defaults = defaults(knob);
                if (!text.contains("default") && !defaults.isEmpty()) {
                    text += " (default: " + String.join("; ", defaults) + ")";
                } else if (defaults.size() > 1) {
                    text += " Other defaults: " + String.join("; ", defaults.subList(1, defaults.size())) + ".";
                }
                spec.remove(o);
                spec.addOption(OptionSpec.builder(o).description(text).build());
            }
        }
        return spec;
    }

    /** The models that take the knob {@code name}, or null for a knob every model takes or an option no knob. */
    private static String takers(String name) {
        if (name.equals("http2")) {
            return String.join(", ", ServerModels.HTTP2);
        }
        if (ConcurrencyModel.COMMON_KNOBS.stream().anyMatch(k -> k.name().equals(name))) {
            return null;
        }
        List<String> ids = ConcurrencyModel.takers(name);
        return ids.isEmpty() ? null : String.join(", ", ids);
    }

    /** The takers' defaults of knob {@code name}: the most common first, then each other with its models; none for no knob. */
    private static List<String> defaults(String name) {
        Map<String, List<String>> byValue = new LinkedHashMap<>();
        for (ConcurrencyModel m : ConcurrencyModel.all()) {
            m.knobs().stream()
                    .filter(k -> k.name().equals(name))
                    .forEach(k -> byValue.computeIfAbsent(k.defaultValue(), v -> new ArrayList<>())
                            .add(m.id()));
        }
        List<Map.Entry<String, List<String>>> values = new ArrayList<>(byValue.entrySet());
        values.sort(Comparator.comparingInt(
                        (Map.Entry<String, List<String>> e) -> e.getValue().size())
                .reversed());
        List<String> out = new ArrayList<>();
        for (Map.Entry<String, List<String>> e : values) {
            out.add(out.isEmpty() ? e.getKey() : String.join(", ", e.getValue()) + ": " + e.getKey());
        }
        return out;
    }

    private static String render(Help help) {
        int name = 2
                + ConcurrencyModel.all().stream()
                        .mapToInt(m -> m.id().length())
                        .max()
                        .orElse(0)
                + 2;
        int width = help.commandSpec().usageMessage().width();
        TextTable table = TextTable.forColumns(
                help.colorScheme(),
                new Column(name, 2, Overflow.SPAN),
                new Column(Math.max(20, width - name), 1, Overflow.WRAP));
        for (ConcurrencyModel m : ConcurrencyModel.all()) {
            table.addRowValues(m.id(), (m.launch().reference() ? "" : "[framework] ") + m.description());
        }
        return "%nModels:%n".formatted() + table;
    }
}
