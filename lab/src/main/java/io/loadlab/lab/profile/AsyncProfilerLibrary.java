package io.loadlab.lab.profile;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;
import java.util.Properties;

/**
 * async-profiler's native agent for this host, taken from its jar on the lab's classpath (Maven Central's
 * {@code tools.profiler:async-profiler} ships linux-x64 and linux-arm64) and extracted once per version under the
 * temporary directory. {@link #find()} says why when there is none: another OS or CPU, a jar without it.
 *
 * @param library the extracted {@code libasyncProfiler.so}, or null
 * @param version async-profiler's version
 * @param unavailable why there is no library, or null
 */
public record AsyncProfilerLibrary(Path library, String version, String unavailable) {
    private static final String POM = "/META-INF/maven/tools.profiler/async-profiler/pom.properties";

    private static AsyncProfilerLibrary found;

    public boolean available() {
        return library != null;
    }

    /** The library, extracted on first use; thread-safe. */
    public static synchronized AsyncProfilerLibrary find() {
        if (found == null) {
            found = locate(Path.of(System.getProperty("java.io.tmpdir")));
        }
        return found;
    }

    static AsyncProfilerLibrary locate(Path cacheParent) {
        String version = jarVersion();
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        String arch = System.getProperty("os.arch", "").toLowerCase(Locale.ROOT);
        String platform = platform(os, arch);
        if (platform == null) {
            return new AsyncProfilerLibrary(
                    null, version, "async-profiler has no agent for " + os + "/" + arch + " (Linux x64 or arm64 only)");
        }
        String resource = "/" + platform + "/libasyncProfiler.so";
        try (InputStream in = AsyncProfilerLibrary.class.getResourceAsStream(resource)) {
            if (in == null) {
                return new AsyncProfilerLibrary(
                        null, version, "async-profiler's agent " + resource + " is not on the classpath");
            }
            Path dir =
                    Files.createDirectories(cacheParent.resolve("loadlab-async-profiler-" + version + "-" + platform));
            Path lib = dir.resolve("libasyncProfiler.so");
            if (!Files.isRegularFile(lib)) {
                Path tmp = Files.createTempFile(dir, "libasyncProfiler", ".tmp");
                Files.copy(in, tmp, StandardCopyOption.REPLACE_EXISTING);
                Files.move(tmp, lib, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            }
            return new AsyncProfilerLibrary(lib, version, null);
        } catch (IOException e) {
            return new AsyncProfilerLibrary(
                    null, version, "could not extract async-profiler's agent: " + e.getMessage());
        }
    }

    static String platform(String os, String arch) {
        if (!os.contains("linux")) {
            return null;
        }
        return switch (arch) {
            case "amd64", "x86_64" -> "linux-x64";
            case "aarch64", "arm64" -> "linux-arm64";
            default -> null;
        };
    }

    private static String jarVersion() {
        try (InputStream in = AsyncProfilerLibrary.class.getResourceAsStream(POM)) {
            if (in != null) {
                Properties p = new Properties();
                p.load(in);
                return p.getProperty("version", "unknown");
            }
        } catch (IOException e) {
            // the version is only a label
        }
        return "unknown";
    }
}
