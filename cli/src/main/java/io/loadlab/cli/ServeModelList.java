package io.loadlab.cli;

import io.loadlab.core.model.ConcurrencyModel;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Help;
import picocli.CommandLine.Help.Column;
import picocli.CommandLine.Help.Column.Overflow;
import picocli.CommandLine.Help.TextTable;
import picocli.CommandLine.IModelTransformer;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.UsageMessageSpec;

/**
 * Adds every model of the catalog, with its one-line description, to the help of {@code loadlab serve}: the reference
 * models, then the framework models (applications built on first use).
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
        return spec;
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
