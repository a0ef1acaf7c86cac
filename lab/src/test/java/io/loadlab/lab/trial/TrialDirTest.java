package io.loadlab.lab.trial;

import static java.util.Map.entry;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TrialDirTest {
    @Test
    void filesNamesWhatExistsAndEachLoadAgentsFilesInTheAgentsOrder(@TempDir Path results) throws Exception {
        TrialDir t = TrialDir.create(results, "t1");
        for (String f : new String[] {
            "load.json",
            "server.log",
            "server.gc.log",
            "loadgen-0.job.json",
            "loadgen-0.log",
            "loadgen-0.gc.log",
            "loadgen-1.job.json",
            "loadgen-1.events.jsonl",
            "loadgen-3.job.json"
        }) {
            Files.writeString(t.dir().resolve(f), "x");
        }
        // loadgen-3 without a loadgen-2 is no agent of this trial's: agents are numbered from 0 without a gap
        assertThat(t.files())
                .containsExactly(
                        entry("dir", "trials/t1"),
                        entry("load_json", "trials/t1/load.json"),
                        entry("server_log", "trials/t1/server.log"),
                        entry("server_gc_log", "trials/t1/server.gc.log"),
                        entry("loadgen_0_log", "trials/t1/loadgen-0.log"),
                        entry("loadgen_0_job", "trials/t1/loadgen-0.job.json"),
                        entry("loadgen_0_gc_log", "trials/t1/loadgen-0.gc.log"),
                        entry("loadgen_1_job", "trials/t1/loadgen-1.job.json"),
                        entry("loadgen_1_events", "trials/t1/loadgen-1.events.jsonl"));
    }
}
