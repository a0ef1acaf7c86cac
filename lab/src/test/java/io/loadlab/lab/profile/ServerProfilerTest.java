package io.loadlab.lab.profile;

import static org.assertj.core.api.Assertions.assertThat;

import io.loadlab.core.result.ServerProfile;
import io.loadlab.core.unit.Duration;
import io.loadlab.lab.child.ChildEvent;
import io.loadlab.lab.child.ChildLauncher;
import io.loadlab.lab.child.ChildProcess;
import io.loadlab.lab.child.ServeJob;
import io.loadlab.lab.proc.ProcessRegistry;
import io.loadlab.servers.ServerSpec;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real server JVM profiled over a window of real requests: with async-profiler, with the JDK's Flight Recorder
 * standing in for it, and a server that is no JVM at all.
 */
class ServerProfilerTest {
    @TempDir
    Path dir;

    private final ProcessRegistry registry = new ProcessRegistry(java.time.Duration.ofSeconds(5));
    private final ChildLauncher launcher =
            new ChildLauncher(registry, List.of(), false, System.getProperty("java.class.path"), Map.of());

    @AfterEach
    void stopAll() {
        registry.stopAll();
    }

    @Test
    void asyncProfilerDrawsTheWindowsFlameGraphAndTheJvmsFigures() throws Exception {
        AsyncProfilerLibrary lib = AsyncProfilerLibrary.find();
        org.junit.jupiter.api.Assumptions.assumeTrue(lib.available(), lib.unavailable());
        ChildProcess server = serve(List.of("-agentpath:" + lib.library()));
        ServerProfile p = profileWindow(server, lib, ProfileMode.CPU);

        assertThat(p.profiler()).startsWith("async-profiler ").contains("cpu every " + ProfileDefaults.CPU_INTERVAL);
        assertThat(p.notes()).isEmpty();
        assertThat(p.samples()).isPositive();
        assertThat(p.topFrames()).isNotEmpty().hasSizeLessThanOrEqualTo(ProfileDefaults.TOP_FRAMES);
        assertThat(p.topFrames().get(0).share()).isBetween(0.0, 1.0);
        assertThat(p.selfTime()).containsOnlyKeys("java", "native", "kernel");
        assertThat(p.jvm().allocatedBytes()).as("requests allocate").isPositive();
        assertThat(p.jvm().threadsPeak()).isPositive();
        assertThat(p.jvm().collector()).isNotBlank();
        assertThat(p.jvm().gcPauseMaxMs()).isLessThanOrEqualTo(p.jvm().gcPauseTotalMs());
        String html = Files.readString(dir.resolve(ServerProfiler.HTML));
        assertThat(html).contains("<canvas").contains("Server CPU: test");
        assertThat(html)
                .as("opens offline: nothing fetched")
                .doesNotContain("<script src")
                .doesNotContain("<link");
        assertThat(Files.readAllLines(dir.resolve(ServerProfiler.COLLAPSED))).isNotEmpty();
        assertThat(Files.readString(server.log()))
                .as("async-profiler's messages go to its own log, never the server's output")
                .doesNotContain("Profiling started");
    }

    @Test
    void wallClockModeSamplesTheWaitingThreadsToo() throws Exception {
        AsyncProfilerLibrary lib = AsyncProfilerLibrary.find();
        org.junit.jupiter.api.Assumptions.assumeTrue(lib.available(), lib.unavailable());
        ChildProcess server = serve(List.of("-agentpath:" + lib.library()));
        ServerProfile p = profileWindow(server, lib, ProfileMode.WALL);

        assertThat(p.profiler()).contains("wall every " + ProfileDefaults.WALL_INTERVAL);
        assertThat(p.samples()).isPositive();
        assertThat(Files.readString(dir.resolve(ServerProfiler.HTML))).contains("Server threads, wall clock: test");
    }

    @Test
    void allocModeDrawsWhoseCodeAllocatedWhat() throws Exception {
        AsyncProfilerLibrary lib = AsyncProfilerLibrary.find();
        org.junit.jupiter.api.Assumptions.assumeTrue(lib.available(), lib.unavailable());
        ChildProcess server = serve(List.of("-agentpath:" + lib.library()));
        ServerProfile p = profileWindow(server, lib, ProfileMode.ALLOC);

        assertThat(p.profiler()).contains("alloc every " + ProfileDefaults.ALLOC_INTERVAL);
        assertThat(p.notes()).isEmpty();
        assertThat(p.samples()).as("requests allocate").isPositive();
        assertThat(p.selfTime())
                .as("no CPU's self time in an allocation profile")
                .isNull();
        assertThat(p.topFrames()).isNotEmpty().allMatch(f -> f.kind().equals(ServerProfile.ALLOCATED));
        assertThat(Files.readString(dir.resolve(ServerProfiler.HTML))).contains("Server heap allocations: test");
        assertThat(Files.readAllLines(dir.resolve(ServerProfiler.COLLAPSED)))
                .as("stacks of the server's request handling, not only the JVM's own")
                .anyMatch(l -> l.contains("io/netty/"));
    }

    @Test
    void allocModeWithoutAsyncProfilerTakesTheFlightRecordersAllocationSamples() throws Exception {
        // the Flight Recorder samples an allocation when a thread takes a new allocation buffer (TLAB): a server's
        // first ones are megabytes, more than the 1,000-1,500 requests this window holds on a 2-core host allocate,
        // and it took none in 3 runs of 4 here. Small fixed buffers make the window's requests take hundreds.
        ChildProcess server = serve(List.of("-XX:-ResizeTLAB", "-XX:TLABSize=4k"));
        AsyncProfilerLibrary none = new AsyncProfilerLibrary(null, "4.6", "async-profiler has no agent for test/test");
        ServerProfile p = profileWindow(server, none, ProfileMode.ALLOC);

        assertThat(p.profiler()).startsWith("JDK Flight Recorder, allocation samples");
        assertThat(p.samples()).as(p.notes() + " requests " + requests).isPositive();
        assertThat(Files.readString(dir.resolve(ServerProfiler.HTML))).contains("Server heap allocations: test");
    }

    @Test
    void withoutAsyncProfilerTheFlightRecorderStandsInAndTheProfileSaysSo() throws Exception {
        ChildProcess server = serve(List.of());
        AsyncProfilerLibrary none = new AsyncProfilerLibrary(null, "4.6", "async-profiler has no agent for test/test");
        ServerProfile p = profileWindow(server, none, ProfileMode.CPU);

        assertThat(p.profiler()).startsWith("JDK Flight Recorder");
        assertThat(p.notes()).anyMatch(n -> n.contains("Flight Recorder") && n.contains("no agent for test/test"));
        assertThat(p.samples()).isPositive();
        assertThat(dir.resolve(ServerProfiler.HTML)).isRegularFile();
        assertThat(p.jvm()).isNotNull();
    }

    @Test
    void aServerThatIsNoJvmIsNotProfiledAndTheProfileSaysWhy() throws Exception {
        Process sleep = new ProcessBuilder("sleep", "30").start();
        registry.register(sleep.toHandle());
        ServerProfiler profiler =
                ServerProfiler.attach(ProfileMode.CPU, sleep.toHandle(), AsyncProfilerLibrary.find(), dir);
        profiler.windowOpened();
        ServerProfile p = profiler.windowClosed("test");
        profiler.close();

        assertThat(p.profiler()).isNull();
        assertThat(p.jvm()).isNull();
        assertThat(p.notes()).singleElement().asString().contains("not a JVM the lab can attach to");
    }

    @Test
    void profilingOffRecordsNothing() {
        ServerProfiler off = ServerProfiler.off();
        off.windowOpened();
        assertThat(off.windowClosed("test")).isNull();
        off.close();
    }

    private ChildProcess serve(List<String> flags) throws Exception {
        ChildProcess server = launcher.start(
                "server", new ServeJob(ServerSpec.builder("netty").port(0).build()), null, dir, flags);
        ChildEvent.Serving ready = server.await(ChildEvent.Serving.class, Duration.ofSeconds(30), e -> {});
        assertThat(ready).as(server.logTail()).isNotNull();
        url = "http://" + ready.host() + ":" + ready.port() + "/json";
        return server;
    }

    private String url;
    private int requests;

    /** Attaches, then 1.5 s of requests in the window (bounded in count too). */
    private ServerProfile profileWindow(ChildProcess server, AsyncProfilerLibrary lib, ProfileMode mode)
            throws Exception {
        ServerProfiler profiler = ServerProfiler.attach(mode, server.process().toHandle(), lib, dir);
        try (HttpClient client = HttpClient.newHttpClient()) {
            HttpRequest get = HttpRequest.newBuilder(URI.create(url)).build();
            client.send(get, HttpResponse.BodyHandlers.ofString());
            profiler.windowOpened();
            long end = System.nanoTime() + 1_500_000_000L;
            requests = 0;
            for (int i = 0; i < 200_000 && System.nanoTime() - end < 0; i++, requests++) {
                assertThat(client.send(get, HttpResponse.BodyHandlers.ofString())
                                .statusCode())
                        .isEqualTo(200);
            }
            return profiler.windowClosed("test");
        } finally {
            profiler.close();
        }
    }
}
