package io.loadlab.report;

import io.loadlab.core.UserError;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * docs/findings.md and docs/findings/*.md with their generated regions redrawn from the checked-in runs. A region is
 * {@code <!-- table:SUITE:NAME -->} … {@code <!-- /table -->}: {@link FindingsTable} {@code NAME} of the newest run of
 * {@code SUITE} under docs/findings/ ({@code SUITE-yyyyMMdd-HHmmss/results.json}), or of one run when SUITE is
 * {@code suite@yyyyMMdd-HHmmss}; the {@code runs} table takes a comma-separated list of them. Everything outside the
 * regions is prose and stays as written.
 */
public final class FindingsDocs {
    /** Where the runs and the per-suite pages live, under the docs directory. */
    public static final String RUNS = "findings";

    private static final Pattern REGION =
            Pattern.compile("<!-- table:([a-z0-9@,-]+):([a-z]+) -->\\n(.*?)<!-- /table -->", Pattern.DOTALL);
    private static final Pattern RUN_DIR = Pattern.compile("(.+)-(\\d{8}-\\d{6})");

    /** One page: its text as checked in and as regenerated. */
    public record Page(Path file, String current, String regenerated) {
        public boolean stale() {
            return !current.equals(regenerated);
        }
    }

    private final Path docs;
    private final Map<String, ResultsDir> runs = new HashMap<>();

    private FindingsDocs(Path docs) {
        this.docs = docs;
    }

    /** Every findings page under {@code docs}, regenerated in memory; nothing is written. */
    public static List<Page> regenerate(Path docs) {
        FindingsDocs d = new FindingsDocs(docs);
        List<Page> pages = new ArrayList<>();
        for (Path file : d.pageFiles()) {
            String current = read(file);
            pages.add(new Page(file, current, d.redraw(file, current)));
        }
        return pages;
    }

    /** Regenerates and writes the pages whose tables changed; returns those pages. */
    public static List<Page> write(Path docs) {
        List<Page> changed = regenerate(docs).stream().filter(Page::stale).toList();
        for (Page p : changed) {
            try {
                Files.writeString(p.file(), p.regenerated());
            } catch (IOException e) {
                throw new UserError("cannot write " + p.file() + ": " + e.getMessage());
            }
        }
        return changed;
    }

    /** The text with each region's body replaced by its table drawn from the run it names. */
    String redraw(Path file, String text) {
        Matcher m = REGION.matcher(text);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String table;
            try {
                List<ResultsDir> named =
                        Arrays.stream(m.group(1).split(",")).map(this::run).toList();
                table = FindingsTable.render(m.group(2), named, file);
            } catch (UserError e) {
                throw new UserError(docs.relativize(file) + ": " + e.getMessage());
            }
            m.appendReplacement(
                    out,
                    Matcher.quoteReplacement(
                            "<!-- table:" + m.group(1) + ":" + m.group(2) + " -->\n" + table + "<!-- /table -->"));
        }
        m.appendTail(out);
        return out.toString();
    }

    private List<Path> pageFiles() {
        List<Path> files = new ArrayList<>();
        Path main = docs.resolve(RUNS + ".md");
        if (Files.isRegularFile(main)) {
            files.add(main);
        }
        Path dir = docs.resolve(RUNS);
        if (Files.isDirectory(dir)) {
            try (Stream<Path> s = Files.list(dir)) {
                s.filter(p -> p.getFileName().toString().endsWith(".md"))
                        .sorted()
                        .forEach(files::add);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return files;
    }

    /** "suite" is its newest run under docs/findings/, "suite@stamp" that run. */
    private ResultsDir run(String ref) {
        return runs.computeIfAbsent(ref, r -> {
            int at = r.indexOf('@');
            Path dir = at < 0 ? newest(r) : docs.resolve(RUNS).resolve(r.substring(0, at) + "-" + r.substring(at + 1));
            if (dir == null || !Files.isDirectory(dir)) {
                throw new UserError("no run of " + r + " under " + docs.resolve(RUNS)
                        + " (a table:SUITE@STAMP region names a run that is gone: rewrite or drop that section)");
            }
            return ResultsDir.load(dir);
        });
    }

    private Path newest(String suite) {
        try (Stream<Path> s = Files.list(docs.resolve(RUNS))) {
            return s.filter(Files::isDirectory)
                    .filter(p -> {
                        Matcher m = RUN_DIR.matcher(p.getFileName().toString());
                        return m.matches() && m.group(1).equals(suite);
                    })
                    .max(Comparator.comparing(p -> p.getFileName().toString()))
                    .orElse(null);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UserError("cannot read " + file + ": " + e.getMessage());
        }
    }
}
