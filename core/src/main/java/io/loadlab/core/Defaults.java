package io.loadlab.core;

import io.loadlab.core.unit.Duration;
import java.nio.file.Path;
import java.util.List;

/**
 * The defaults every module shares: the flags of every loadlab JVM, where servers bind, how long answers may take, the
 * seed of every data set and the resolution of every histogram.
 */
public final class Defaults {
    private Defaults() {}

    /**
     * Flags of every loadlab JVM on a JDK of feature version {@code feature}, before any flag of the user or the suite
     * ({@code tools/find-jdk.sh} gives the launcher's JVM the same). Netty loads its epoll and io_uring libraries
     * through JNI, which JDK 24+ allows with a four-line warning on stderr (in every child's log) unless native access
     * is enabled; the launcher's jar says so in its manifest, which a JVM started with {@code -cp} does not read.
     * Netty keeps {@code sun.misc.Unsafe} off on JDK 24+ unless the JVM allows it, and then takes slower paths for its
     * buffers and a costly start-up for its direct-memory cleaner; that flag exists from JDK 23.
     */
    public static List<String> jvmFlags(int feature) {
        return feature >= 23 ? List.of(NATIVE_ACCESS, "--sun-misc-unsafe-memory-access=allow") : List.of(NATIVE_ACCESS);
    }

    private static final String NATIVE_ACCESS = "--enable-native-access=ALL-UNNAMED";

    private static final String GC_LOG_PREFIX = "-Xlog:gc,gc+phases:file=\"";

    private static final String GC_LOG_SUFFIX = "\":timenanos:filecount=0";

    /**
     * The flag that makes a JVM the lab starts log its garbage collections to {@code file}, stamped with its
     * {@code System.nanoTime()}, never rotated: one line per collection and a few for its phases, where ZGC logs its
     * pauses; none when the path holds a double quote, which {@code -Xlog}
     * cannot quote (a path with a colon or a space is quoted).
     */
    public static List<String> gcLogFlags(Path file) {
        String f = file.toAbsolutePath().toString();
        return f.contains("\"") ? List.of() : List.of(GC_LOG_PREFIX + f + GC_LOG_SUFFIX);
    }

    /**
     * Whether a JVM's argument is the lab's {@link #gcLogFlags} flag: its file differs from trial to trial, so a
     * comparison of two servers' flags leaves it out.
     */
    public static boolean isGcLogFlag(String arg) {
        return arg.startsWith(GC_LOG_PREFIX) && arg.endsWith(GC_LOG_SUFFIX);
    }

    /**
     * The heap and collector of every server JVM the lab starts, reference server and framework application alike:
     * a fixed heap (initial = max, so no model pays for growing it mid-window), large enough for 10,000 virtual
     * threads' stacks, and G1 named, since on one pinned CPU the JVM would pick the Serial collector and a quarter of
     * the host's memory for each on its own. A suite's own flags come after these, so theirs win (and the answer says
     * PARITY).
     */
    public static final List<String> SERVER_JVM_FLAGS = List.of("-Xms1g", "-Xmx1g", "-XX:+UseG1GC");

    /** {@link #jvmFlags(int)} of the running JDK. */
    public static List<String> jvmFlags() {
        return jvmFlags(Runtime.version().feature());
    }

    public static final String HOST = "127.0.0.1";

    /** Port 0 picks a free port; the server prints the one it bound. */
    public static final int PORT = 0;

    /** Accept backlog of every model (the RxJava Netty server used 50,000; the kernel caps it at somaxconn). */
    public static final int BACKLOG = 8192;

    /**
     * A keep-alive connection idle longer than this is closed, by every model alike (the blocking models need one: an
     * idle connection holds a thread). No model caps the requests a connection serves.
     */
    public static final Duration IDLE_TIMEOUT = Duration.ofSeconds(30);

    /** A SIGTERM'd server closes within this. */
    public static final Duration GRACEFUL_STOP = Duration.ofSeconds(5);

    /** Seed of every generated data set, so that every run does the same work. */
    public static final long SEED = 20_261_122L;

    /** Significant decimal digits of every latency histogram. */
    public static final int HISTOGRAM_DIGITS = 3;

    /** Interval of the per-second snapshots (timelines, histogram log). */
    public static final Duration INTERVAL = Duration.ofSeconds(1);

    /** A response slower than this is a timeout error; also the histograms' highest trackable value. */
    public static final Duration TIMEOUT = Duration.ofSeconds(10);
}
