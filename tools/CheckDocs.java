import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Checks that every class, method and package a markdown file names exists in the sources, so that the architecture
 * document cannot drift from the code unnoticed. Run by tools/check-docs.sh as a single-file program: no build, no
 * dependency.
 *
 * <p>What counts as a name: in inline code, {@code Class}, {@code Class.method}, {@code Class.method(a, b)} (then the
 * method must take that many parameters), {@code Class.Nested}, {@code Class.CONSTANT}, {@code Class.java}, a path of
 * packages ({@code lab/trial/}, {@code result/*}, {@code lab/{proc,agents}}) or of a class ({@code http/Contract},
 * {@code core/model/ConcurrencyModel.java}) taken as the tail of a source path, and {@code io.loadlab.…} names; in
 * fenced blocks, {@code Class.method} and CamelCase words of two humps or more. Everything else (flags, files, JSON
 * fields, prose) is left alone. A type only imported from a library counts as existing; its methods are not checked.
 */
public final class CheckDocs {
    private static final Pattern INLINE = Pattern.compile("`([^`]+)`");
    private static final Pattern FENCED_NAME = Pattern.compile(
            "(?<![\\w./-])([A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)*)(?:\\.([A-Za-z]\\w*)(\\([^()]*\\))?)?(?![\\w/-])");
    /** A row of the modules' table, {@code | `lab` | ...}: its relative paths are read inside that module first. */
    private static final Pattern MODULE_ROW = Pattern.compile("^\\|\\s*`([a-z0-9]+)`\\s*\\|");

    private static final Pattern TYPE = Pattern.compile("[A-Z]\\w*[a-z]\\w*");
    private static final Pattern MEMBER = Pattern.compile("([A-Z]\\w*[a-z]\\w*)[.#]([A-Za-z_]\\w*)(\\(.*\\))?");
    private static final Pattern PATH = Pattern.compile("[a-z][\\w{},/*-]*(?:/[A-Z]\\w*(?:\\.java)?|/?\\*?)");
    private static final Pattern FQN = Pattern.compile("io\\.loadlab(?:\\.[a-z]\\w*)*(?:\\.[A-Z]\\w*)?");
    private static final Pattern DECLARED_TYPE =
            Pattern.compile("\\b(?:class|interface|enum|record|@interface)\\s+([A-Z]\\w*)");
    private static final Pattern IMPORT = Pattern.compile("^import\\s+(?:static\\s+)?[\\w.]+\\.([A-Z]\\w*)\\s*;", 8);
    private static final Set<String> NOT_A_TYPE = Set.of("new", "return", "throw", "else", "case", "yield", "assert");

    private final Map<String, List<String>> typeFiles = new HashMap<>();
    private final Set<String> imported = new HashSet<>();
    private final List<String> sourcePaths = new ArrayList<>();
    /** Each main package as {@code /io/loadlab/…}, with its folder in the checkout. */
    private final Map<String, String> packagePaths = new TreeMap<>();
    private final Set<String> namedPackages = new HashSet<>();
    private final Map<String, String> code = new HashMap<>();
    private final Path root;

    public static void main(String[] args) throws IOException {
        boolean everyPackage = args.length > 0 && args[0].equals("--every-package");
        int first = everyPackage ? 1 : 0;
        if (args.length < first + 2) {
            System.err.println("usage: java CheckDocs.java [--every-package] ROOT FILE.md...");
            System.exit(2);
        }
        Path root = Path.of(args[first]);
        CheckDocs sources = new CheckDocs(root);
        List<String> missing = new ArrayList<>();
        for (int i = first + 1; i < args.length; i++) {
            missing.addAll(sources.check(args[i], Files.readAllLines(root.resolve(args[i]))));
        }
        if (everyPackage) {
            missing.addAll(sources.unnamedPackages(String.join(", ", List.of(args).subList(first + 1, args.length))));
        }
        missing.forEach(System.out::println);
        System.exit(missing.isEmpty() ? 0 : 1);
    }

    private CheckDocs(Path root) throws IOException {
        this.root = root;
        Files.walkFileTree(root, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
                String name = dir.getFileName() == null ? "" : dir.getFileName().toString();
                boolean skipped = !dir.equals(root)
                        && (name.startsWith(".")
                                || name.equals("target")
                                || name.equals("node_modules")
                                || dir.equals(root.resolve("results")));
                return skipped ? FileVisitResult.SKIP_SUBTREE : FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                Path rel = root.relativize(file);
                if (rel.toString().matches("([\\w.-]+/)+src/(main|test)/java/.*\\.java")) {
                    index(root, rel);
                }
                return FileVisitResult.CONTINUE;
            }
        });
    }

    private void index(Path root, Path rel) {
        String path = rel.toString();
        String javaPath = path.substring(path.indexOf("/java/") + "/java/".length());
        sourcePaths.add("/" + javaPath);
        if (path.contains("/src/main/")) {
            packagePaths.put("/" + javaPath.substring(0, javaPath.lastIndexOf('/')), path.substring(0, path.lastIndexOf('/')));
        }
        String text;
        try {
            text = stripComments(Files.readString(root.resolve(rel)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        code.put(path, text);
        Matcher m = DECLARED_TYPE.matcher(text);
        while (m.find()) {
            typeFiles.computeIfAbsent(m.group(1), k -> new ArrayList<>()).add(path);
        }
        Matcher i = IMPORT.matcher(text);
        while (i.find()) {
            imported.add(i.group(1));
        }
    }

    private List<String> check(String doc, List<String> lines) {
        List<String> missing = new ArrayList<>();
        boolean fenced = false;
        for (int n = 0; n < lines.size(); n++) {
            String line = lines.get(n);
            if (line.strip().startsWith("```")) {
                fenced = !fenced;
                continue;
            }
            List<String> names = new ArrayList<>();
            Matcher row = MODULE_ROW.matcher(line);
            String module = row.find() && isModule(row.group(1)) ? row.group(1) : null;
            if (fenced) {
                Matcher m = FENCED_NAME.matcher(line);
                while (m.find()) {
                    if (m.group(2) != null || m.group(1).matches("[A-Z][a-z0-9]+[A-Z][a-z0-9]+.*")) {
                        names.add(m.group());
                    }
                }
            } else {
                if (line.chars().filter(c -> c == '`').count() % 2 != 0) {
                    missing.add(doc + ":" + (n + 1) + ": inline code that does not close on its line is not checked");
                }
                Matcher m = INLINE.matcher(line);
                while (m.find()) {
                    names.addAll(namesIn(m.group(1).strip()));
                    namedPackages.add("/io/loadlab/" + m.group(1).strip());
                }
            }
            for (String name : names) {
                String why = problem(name, module);
                if (why != null) {
                    missing.add(doc + ":" + (n + 1) + ": `" + name + "`: " + why);
                }
            }
        }
        return missing;
    }

    /** The names a span of inline code holds: itself when it is one, else any io.loadlab name among its words. */
    private static List<String> namesIn(String span) {
        if (TYPE.matcher(span).matches() || MEMBER.matcher(span).matches()) {
            return List.of(span);
        }
        if (span.matches("[A-Z]\\w*\\.java") || PATH.matcher(span).matches() && span.contains("/")) {
            return List.of(span);
        }
        return Stream.of(span.split("\\s+")).filter(w -> FQN.matcher(w).matches()).toList();
    }

    /** Why a name is not in the sources, or null when it is. */
    private String problem(String name, String module) {
        if (name.startsWith("io.loadlab")) {
            return pathProblem(name.replace('.', '/'), null);
        }
        if (name.contains("/")) {
            return pathProblem(name, module);
        }
        if (name.endsWith(".java")) {
            return type(name.substring(0, name.length() - 5)) ? null : "no such source file";
        }
        Matcher m = MEMBER.matcher(name);
        if (!m.matches()) {
            return type(name) ? null : "no class, interface, enum or record of that name";
        }
        String owner = m.group(1);
        String member = m.group(2);
        if (!type(owner)) {
            return "no class, interface, enum or record named " + owner;
        }
        List<String> files = typeFiles.getOrDefault(owner, List.of());
        if (files.isEmpty()) {
            return null;
        }
        if (Character.isUpperCase(member.charAt(0))) {
            boolean found = files.stream()
                    .anyMatch(f -> Pattern.compile("\\b" + member + "\\b").matcher(code.get(f)).find());
            return found ? null : "no " + member + " in " + owner;
        }
        Set<Integer> arities = new HashSet<>();
        for (String f : files) {
            arities.addAll(arities(code.get(f), member));
        }
        if (arities.isEmpty()) {
            return "no method " + member + " in " + owner;
        }
        int wanted = argumentCount(m.group(3));
        if (wanted >= 0 && !arities.contains(wanted)) {
            String declared = arities.size() == 1 ? "" + arities.iterator().next() : "one of " + arities;
            return owner + "." + member + " takes " + declared + " parameters, not " + wanted;
        }
        return null;
    }

    /**
     * The main packages the documents name nowhere (a module's own package is named by the module, e.g. {@code core}),
     * and those without a package-info.java saying what they are for.
     */
    private List<String> unnamedPackages(String docs) {
        List<String> out = new ArrayList<>();
        packagePaths.forEach((pkg, dir) -> {
            if (!namedPackages.contains(pkg)) {
                out.add(docs + ": names no " + pkg.substring(1).replace('/', '.') + " (" + dir + ")");
            }
            if (!Files.exists(root.resolve(dir).resolve("package-info.java"))) {
                out.add(dir + ": no package-info.java saying what the package is for");
            }
        });
        return out;
    }

    private boolean isModule(String name) {
        String root = "/io/loadlab/" + name;
        return packagePaths.keySet().stream().anyMatch(p -> p.equals(root) || p.startsWith(root + "/"));
    }

    private boolean type(String name) {
        return typeFiles.containsKey(name) || imported.contains(name);
    }

    /**
     * A path names a file or folder of the checkout, or packages ({@code lab/trial/}, {@code result/*},
     * {@code lab/{a,b}}) or a class as the tail of a source path.
     */
    private String pathProblem(String path, String module) {
        List<String> missing = new ArrayList<>();
        for (String p : expandBraces(path)) {
            if (!p.contains("*") && Files.exists(root.resolve(p))) {
                continue;
            }
            String tail = "/" + p.replaceAll("/?\\*?$", "").replaceAll("\\.java$", "");
            boolean isType = Character.isUpperCase(tail.charAt(tail.lastIndexOf('/') + 1));
            List<String> packages = module == null ? List.of() : packagesAt("/io/loadlab/" + module + tail, isType, true);
            if (packages.isEmpty()) {
                packages = packagesAt(tail, isType, false);
            }
            if (packages.isEmpty()) {
                missing.add(p);
            }
            namedPackages.addAll(packages);
        }
        return missing.isEmpty() ? null : "no package or class at " + String.join(", ", missing);
    }

    /** The packages a path names: the package itself, or the class's; {@code exact}: the whole path, else its tail. */
    private List<String> packagesAt(String tail, boolean isType, boolean exact) {
        return isType
                    ? sourcePaths.stream()
                        .filter(s -> exact ? s.equals(tail + ".java") : s.endsWith(tail + ".java"))
                        .map(s -> s.substring(0, s.lastIndexOf('/')))
                        .toList()
                : packagePaths.keySet().stream()
                        .filter(s -> exact ? s.equals(tail) : s.endsWith(tail))
                        .toList();
    }

    private static List<String> expandBraces(String path) {
        Matcher m = Pattern.compile("\\{([^{}]*)}").matcher(path);
        if (!m.find()) {
            return List.of(path);
        }
        List<String> out = new ArrayList<>();
        for (String alt : m.group(1).split(",")) {
            out.addAll(expandBraces(path.substring(0, m.start()) + alt.strip() + path.substring(m.end())));
        }
        return out;
    }

    /** The parameter counts of every declaration of {@code method} in the code (record components count as 0). */
    private static Set<Integer> arities(String code, String method) {
        Set<Integer> out = new HashSet<>();
        Matcher m = Pattern.compile("([\\w$>\\]]+)\\s+" + Pattern.quote(method) + "\\s*([(,)])").matcher(code);
        while (m.find()) {
            if (NOT_A_TYPE.contains(m.group(1))) {
                continue;
            }
            if (m.group(2).equals("(")) {
                out.add(parameterCount(code, m.end() - 1));
            } else if (insideRecordHeader(code, m.start())) {
                out.add(0);
            }
        }
        return out;
    }

    private static boolean insideRecordHeader(String code, int at) {
        int open = code.lastIndexOf("record ", at);
        return open >= 0 && code.indexOf('{', open) > at && code.indexOf('(', open) < at;
    }

    /** The parameters of the list opening at {@code open}: top-level commas, generics and annotations skipped. */
    private static int parameterCount(String code, int open) {
        int depth = 0;
        int commas = 0;
        boolean any = false;
        for (int i = open + 1; i < code.length(); i++) {
            char c = code.charAt(i);
            if (c == '(' || c == '<' || c == '[') {
                depth++;
            } else if (c == ')' && depth == 0) {
                return any ? commas + 1 : 0;
            } else if (c == ')' || c == '>' || c == ']') {
                depth--;
            } else if (c == ',' && depth == 0) {
                commas++;
            }
            any |= !Character.isWhitespace(c);
        }
        return -1;
    }

    /** The arguments written in {@code (a, b)}; -1 (any) for none, {@code ()} or {@code (…)}. */
    private static int argumentCount(String args) {
        if (args == null) {
            return -1;
        }
        String inner = args.substring(1, args.length() - 1).strip();
        if (inner.isEmpty() || inner.contains("…") || inner.contains("...")) {
            return -1;
        }
        return inner.split(",").length;
    }

    /** The code without comments, strings kept (so a {@code //} in a string does not end the line's code). */
    private static String stripComments(String s) {
        StringBuilder out = new StringBuilder(s.length());
        int i = 0;
        while (i < s.length()) {
            char c = s.charAt(i);
            if (s.startsWith("//", i)) {
                int end = s.indexOf('\n', i);
                i = end < 0 ? s.length() : end;
            } else if (s.startsWith("/*", i)) {
                int end = s.indexOf("*/", i + 2);
                i = end < 0 ? s.length() : end + 2;
                out.append(' ');
            } else if (c == '"' || c == '\'') {
                String quote = s.startsWith("\"\"\"", i) ? "\"\"\"" : String.valueOf(c);
                int end = i + quote.length();
                while (end < s.length() && !s.startsWith(quote, end)) {
                    end += s.charAt(end) == '\\' ? 2 : 1;
                }
                end = Math.min(s.length(), end + quote.length());
                out.append(s, i, end);
                i = end;
            } else {
                out.append(c);
                i++;
            }
        }
        return out.toString();
    }
}
