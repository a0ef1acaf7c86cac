package io.loadlab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.loadlab.loadgen.LoadSpec;
import io.loadlab.loadgen.LoadgenDefaults;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** {@code load}, {@code agent} and {@code k8s} read the same load options into the same spec. */
class LoadOptionsTest {
    private static final List<String> LOAD = List.of(
            "-t2",
            "-c",
            "10k",
            "-d",
            "3s",
            "-R",
            "5k",
            "--max-connections",
            "12k",
            "--timeout",
            "2s",
            "-H",
            "Accept: text/plain",
            "-X",
            "post",
            "--body",
            "hello",
            "--warmup",
            "1s",
            "--expect-status",
            "200-201",
            "--source-addresses",
            "127.0.0.1-127.0.0.2",
            "--http2",
            "-m",
            "4",
            "https://target:8443/plaintext?x=1");

    private static <T> T parsed(T command, List<String> own, List<String> load) {
        List<String> args = new ArrayList<>(own);
        args.addAll(load);
        new CommandLine(command).parseArgs(args.toArray(String[]::new));
        return command;
    }

    private static List<LoadSpec> specs(List<String> load) {
        return List.of(
                parsed(new LoadCommand(), List.of(), load).load.spec(),
                parsed(new AgentCommand(), List.of("--agents", "2", "--index", "1"), load)
                        .load
                        .spec(),
                parsed(new K8sCommand(), List.of("--agents", "2", "--cpu", "4"), load)
                        .load
                        .spec());
    }

    @Test
    void loadAgentAndK8sGivenTheSameOptionsBuildEqualSpecs() {
        List<LoadSpec> specs = specs(LOAD);
        assertThat(specs.get(0).connections()).isEqualTo(10_000);
        assertThat(specs.get(0).maxConnections()).isEqualTo(12_000);
        assertThat(specs.get(0).requests().get(0).method()).isEqualTo("POST");
        assertThat(specs.get(1)).isEqualTo(specs.get(0));
        assertThat(specs.get(2)).isEqualTo(specs.get(0));
    }

    @Test
    void everyCommandTakesTheSameDefaults() {
        List<LoadSpec> specs = specs(List.of("http://target:8080/"));
        assertThat(specs.get(0).connections()).isEqualTo(LoadgenDefaults.CONNECTIONS);
        assertThat(specs.get(0).duration()).isEqualTo(LoadgenDefaults.DURATION);
        assertThat(specs).allSatisfy(s -> assertThat(s).isEqualTo(specs.get(0)));
    }

    @Test
    void k8sTakesItsPodsCpusAsThreadsUnlessGiven() {
        int pod = K8sCommand.threadsOf("3");
        K8sCommand k8s =
                parsed(new K8sCommand(), List.of("--agents", "2", "--cpu", "3"), List.of("-c", "10", "http://t/"));
        assertThat(k8s.load.spec(pod).threads()).isEqualTo(3);
        K8sCommand given = parsed(
                new K8sCommand(), List.of("--agents", "2", "--cpu", "3"), List.of("-t1", "-c", "10", "http://t/"));
        assertThat(given.load.spec(pod).threads()).isEqualTo(1);
    }
}
