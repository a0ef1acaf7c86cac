package io.loadlab.lab;

import io.loadlab.core.proc.MarkedProcesses;
import io.loadlab.core.result.LabProcess;
import io.loadlab.lab.child.ChildLauncher;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Other loadlab runs' processes on this host when a run starts, found by the marker every process of a run carries:
 * a run in progress shares the cores with this one and disturbs both runs' numbers; processes a run left behind (one
 * killed before it could end them, by a loadlab without the lifeline) take CPU and memory from it. Each is a note in
 * the results and on the console, with what to do.
 */
final class OtherRuns {
    private OtherRuns() {}

    static List<String> notes(Path ownDir) {
        List<String> notes = new ArrayList<>();
        MarkedProcesses.byValue(ChildLauncher.RESULTS_ENV).forEach((dir, pids) -> {
            if (dir.equals(ownDir.toString())) {
                return;
            }
            String which = dir + ", PID" + (pids.size() == 1 ? " " : "s ")
                    + pids.stream().map(String::valueOf).collect(Collectors.joining(" "));
            Optional<LabProcess> lab = LabProcess.of(Path.of(dir));
            if (lab.isPresent() && lab.get().alive()) {
                notes.add("another loadlab run is in progress on this host (" + which + "): two runs at once share the"
                        + " cores and disturb each other's numbers; let it finish, or stop it, and run again");
            } else if (lab.isPresent()) {
                notes.add("processes left behind by a loadlab run whose lab has ended (" + which + ") may take CPU"
                        + " and memory from this run; end them (kill "
                        + pids.stream().map(String::valueOf).collect(Collectors.joining(" ")) + ") and run again");
            } else {
                notes.add("processes of another loadlab run are on this host (" + which + "): if that run is over,"
                        + " they were left behind and may take CPU from this run; end them and run again");
            }
        });
        return notes;
    }
}
