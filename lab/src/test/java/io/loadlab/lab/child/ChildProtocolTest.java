package io.loadlab.lab.child;

import static org.assertj.core.api.Assertions.assertThat;

import io.loadlab.backend.BackendSpec;
import io.loadlab.core.Json;
import io.loadlab.core.result.LoadReport;
import io.loadlab.core.unit.Duration;
import io.loadlab.lab.proc.ProcessRegistry;
import io.loadlab.servers.ServerSpec;
import io.loadlab.testkit.QuietHost;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The lab and its children speak typed jobs and events: a real child JVM for each kind of job. */
class ChildProtocolTest {
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
    void aBackendChildSaysItIsReadyAndALoadChildReportsItsWindow() throws Exception {
        QuietHost.Watch host = QuietHost.watch();
        ChildProcess backend = launcher.start(
                "backend", new BackendJob(BackendSpec.defaults().withDelay(Duration.ofMillis(5))), null, dir);
        ChildEvent.Ready ready = backend.await(ChildEvent.Ready.class, Duration.ofSeconds(30), e -> {});
        assertThat(ready).as(backend.logTail()).isNotNull();
        assertThat(ready.port()).isPositive();
        assertThat(ready.pid()).isEqualTo(backend.pid());
        assertThat(Files.readString(dir.resolve("backend.job.json"))).contains("\"job\" : \"backend\"");

        String url = "http://" + ready.host() + ":" + ready.port() + "/hello";
        Path json = dir.resolve("load.json");
        LoadJob job = new LoadJob(
                url,
                4,
                null,
                Duration.ofMillis(500),
                Duration.ofSeconds(20),
                Duration.ofSeconds(2),
                null,
                null,
                json.toString(),
                null,
                null,
                null,
                false,
                1,
                null,
                null,
                "Hello, World!");
        ChildProcess gen = launcher.start("loadgen", job, null, dir);
        Thread.sleep(1_500);
        assertThat(gen.poll())
                .as("the warm-up may stretch to 20 s: it waits for the lab")
                .isEmpty();
        long told = System.nanoTime();
        assertThat(gen.send(new ChildCommand.Measure(told))).isTrue();
        assertThat(gen.await(ChildEvent.Measuring.class, Duration.ofSeconds(30), e -> {}))
                .as(gen.logTail())
                .isNotNull();
        double opened = (System.nanoTime() - told) / 1e9;
        List<ChildEvent> seen = new ArrayList<>();
        ChildEvent.Result result = gen.await(ChildEvent.Result.class, Duration.ofSeconds(30), seen::add);
        assertThat(result).as(gen.logTail()).isNotNull();
        assertThat(seen).allMatch(e -> e instanceof ChildEvent.Progress);
        host.holds("a child JVM told to measure opens its window within 10 s, and reports each of its 2 s", () -> {
            assertThat(opened)
                    .as("the window opened when told, long before the warm-up's 20 s limit")
                    .isLessThan(10.0);
            assertThat(seen).hasSize(2);
        });
        assertThat(result.report().requests()).isPositive();
        assertThat(Json.read(json, LoadReport.class).requests())
                .isEqualTo(result.report().requests());
        assertThat(gen.process().waitFor(10, TimeUnit.SECONDS)).isTrue();
        assertThat(gen.process().exitValue()).isZero();
    }

    @Test
    void aChildThatCannotDoItsJobSaysWhyAndExitsTwo() throws Exception {
        ChildProcess first = launcher.start(
                "server", new ServeJob(ServerSpec.builder("netty").port(0).build()), null, dir.resolve("a"));
        ChildEvent.Serving ready = first.await(ChildEvent.Serving.class, Duration.ofSeconds(30), e -> {});
        assertThat(ready).as(first.logTail()).isNotNull();
        ChildProcess second = launcher.start(
                "server",
                new ServeJob(ServerSpec.builder("netty").port(ready.port()).build()),
                null,
                dir.resolve("b"));
        List<ChildEvent> seen = new ArrayList<>();
        assertThat(second.await(ChildEvent.Serving.class, Duration.ofSeconds(30), seen::add))
                .isNull();
        assertThat(seen)
                .singleElement()
                .isInstanceOfSatisfying(
                        ChildEvent.Failure.class, f -> assertThat(f.message()).contains(String.valueOf(ready.port())));
        assertThat(second.process().exitValue()).isEqualTo(2);
    }

    @Test
    void aChildJvmKeepsItsTemporaryFilesInItsOwnDirectoryAndStopRemovesIt() throws Exception {
        ChildProcess server = launcher.start(
                "server", new ServeJob(ServerSpec.builder("netty").port(0).build()), null, dir);
        assertThat(server.await(ChildEvent.Serving.class, Duration.ofSeconds(30), e -> {}))
                .as(server.logTail())
                .isNotNull();
        Path tmp = dir.resolve("server.tmp");
        assertThat(server.tmp()).isEqualTo(tmp);
        assertThat(tmp).isDirectory();
        String cmdline = Files.readString(Path.of("/proc", String.valueOf(server.pid()), "cmdline"));
        assertThat(cmdline.split("\0")).contains("-Djava.io.tmpdir=" + tmp);
        // what a framework leaves there when it is killed before it can clean up (Jetty's work directory)
        Files.createDirectories(tmp.resolve("jetty-docbase.1234"))
                .resolve("x")
                .toFile()
                .createNewFile();
        launcher.stop(server);
        assertThat(server.process().isAlive()).isFalse();
        assertThat(tmp).doesNotExist();
        assertThat(dir.resolve("server.log")).exists();
    }

    private static boolean isSleep(ProcessHandle p) {
        return p.info().command().orElse("").endsWith("sleep");
    }

    @Test
    void stopEndsAChildAndItsDescendantsEvenWhenTheyIgnoreSigterm() throws Exception {
        ProcessRegistry quick = new ProcessRegistry(java.time.Duration.ofMillis(500));
        ChildLauncher l = new ChildLauncher(quick, List.of(), false, "", Map.of("LOADLAB_RESULTS", "x"));
        // a shell that ignores SIGTERM and has a child of its own
        ChildProcess c = l.startCommand("stubborn", "trap '' TERM; sleep 60 & wait", null, dir, Map.of());
        long deadline = System.nanoTime() + 5_000_000_000L;
        // the launcher's own shell briefly has a child too ($(ulimit -Hn)): wait for the sleep itself
        while (c.process().toHandle().descendants().noneMatch(ChildProtocolTest::isSleep)
                && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        List<ProcessHandle> kids = c.process().toHandle().descendants().toList();
        assertThat(kids).isNotEmpty();
        quick.stopAll();
        assertThat(c.process().waitFor(5, TimeUnit.SECONDS)).isTrue();
        assertThat(kids).noneMatch(ProcessRegistry::alive);
        assertThat(quick.isRegistered(c.pid())).isFalse();
    }

    @Test
    void aUsersCommandRunsJavaOfTheJdkLoadlabRunsOn() throws Exception {
        // the host's PATH may hold an older java (this one's holds 17): `java -jar app.jar` must get ours
        ChildProcess c = launcher.startCommand(
                "probe",
                "echo \"$JAVA_HOME\" > '" + dir.resolve("home") + "'; command -v java > '" + dir.resolve("java") + "'",
                null,
                dir,
                Map.of());
        assertThat(c.process().waitFor(30, TimeUnit.SECONDS)).isTrue();
        String home = System.getProperty("java.home");
        assertThat(Files.readString(dir.resolve("home")).strip()).isEqualTo(home);
        assertThat(Files.readString(dir.resolve("java")).strip()).isEqualTo(home + "/bin/java");
    }
}
