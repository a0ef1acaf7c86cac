package io.loadlab.report;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Properties;

/**
 * Chart.js, read from its webjar on the classpath so that the report inlines it and opens offline. The source-map
 * comment is dropped: the map is not shipped, and a browser's developer tools would try to fetch it.
 */
final class ChartLibrary {
    private static final String POM = "META-INF/maven/org.webjars.npm/chart.js/pom.properties";
    private static volatile String script;

    private ChartLibrary() {}

    /** The minified library, with "</script" made harmless; thread-safe, read once. */
    static String script() {
        String s = script;
        if (s == null) {
            s = load();
            script = s;
        }
        return s;
    }

    static String version() {
        Properties p = new Properties();
        try (InputStream in = resource(POM)) {
            p.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return p.getProperty("version");
    }

    private static String load() {
        String path = "META-INF/resources/webjars/chart.js/" + version() + "/dist/chart.umd.min.js";
        try (InputStream in = resource(path)) {
            String js = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            return js.replaceAll("(?m)^//# sourceMappingURL=.*$", "").replace("</script", "<\\/script");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String resourceText(String name) {
        try (InputStream in = resource("io/loadlab/report/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static InputStream resource(String path) {
        InputStream in = ChartLibrary.class.getClassLoader().getResourceAsStream(path);
        if (in == null) {
            throw new IllegalStateException("missing on the classpath: " + path + " (the report's jar is incomplete)");
        }
        return in;
    }
}
