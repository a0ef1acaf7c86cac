package io.loadlab.lab.profile;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import one.convert.Arguments;
import one.convert.FlameGraph;
import one.convert.JfrToFlame;

/**
 * A JFR recording of stack samples (async-profiler's or the JDK's) as async-profiler's converter draws it: a
 * self-contained HTML flame graph (no network, opens from disk) and the collapsed stacks ({@code a;b;c N} per line)
 * that the lab ranks frames from and {@code loadlab compare} diffs.
 */
public final class FlameGraphs {
    private FlameGraphs() {}

    /**
     * Writes {@code html} and {@code collapsed} from {@code jfr}: its stack samples, or with {@code alloc} its
     * allocation samples (each stack topped by the class allocated, counted in samples).
     */
    public static void convert(Path jfr, Path html, Path collapsed, String title, boolean alloc) throws IOException {
        Arguments drawn = arguments(null, title);
        Arguments stacks = arguments("collapsed", title);
        drawn.alloc = alloc;
        stacks.alloc = alloc;
        write(JfrToFlame.parse(jfr.toString(), drawn), html);
        write(JfrToFlame.parse(jfr.toString(), stacks), collapsed);
    }

    /**
     * A differential flame graph: {@code current}'s stacks, each frame coloured by how its share grew (red) or shrank
     * (blue) from {@code base}'s — async-profiler's own diff view.
     */
    public static void diff(Path baseCollapsed, Path currentCollapsed, Path html, String title) throws IOException {
        FlameGraph base = collapsed(baseCollapsed, title);
        FlameGraph current = collapsed(currentCollapsed, title);
        current.diff(base);
        write(current, html);
    }

    private static FlameGraph collapsed(Path file, String title) throws IOException {
        FlameGraph g = new FlameGraph(arguments(null, title));
        try (var in = Files.newBufferedReader(file)) {
            g.parseCollapsed(in);
        }
        return g;
    }

    private static Arguments arguments(String output, String title) {
        Arguments a = new Arguments();
        a.output = output;
        a.title = title;
        return a;
    }

    private static void write(FlameGraph g, Path to) throws IOException {
        Path tmp = to.resolveSibling(to.getFileName() + ".tmp");
        try (OutputStream out = Files.newOutputStream(tmp)) {
            g.dump(out);
        }
        Files.move(tmp, to, StandardCopyOption.REPLACE_EXISTING);
    }
}
