package io.loadlab.lab.profile;

import io.loadlab.core.profile.Frames;
import io.loadlab.core.result.ServerProfile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The profile of one trial's server over its measured window. {@link #attach} connects to the server's JVM before the
 * window (attaching and starting its JMX connector cost it CPU, which must not fall in the window);
 * {@link #windowOpened()} takes the JVM's figures and starts sampling stacks; {@link #windowClosed(String)} stops,
 * draws the flame graph and returns the profile. Nothing here fails a trial: what cannot be done becomes a note.
 */
public final class ServerProfiler implements AutoCloseable {
    /** The files of a profile in the trial's directory. */
    public static final String JFR = "profile.jfr";

    public static final String HTML = "flame.html";
    public static final String COLLAPSED = "profile.collapsed";
    public static final String LOG = "profiler.log";

    private final ProfileMode mode;
    private final Path dir;
    private final List<String> notes = new ArrayList<>();
    private final AttachedJvm jvm;
    private final JvmFigures figures;
    private StackRecorder stacks;
    private boolean opened;
    private boolean figuresOpen;
    private boolean sampling;

    private ServerProfiler(ProfileMode mode, Path dir, AttachedJvm jvm, JvmFigures figures, List<String> notes) {
        this.mode = mode;
        this.dir = dir;
        this.jvm = jvm;
        this.figures = figures;
        this.notes.addAll(notes);
    }

    /** A profiler that does nothing: profiling is off. */
    public static ServerProfiler off() {
        return new ServerProfiler(ProfileMode.OFF, null, null, null, List.of());
    }

    /**
     * Attaches to the server's JVM: {@code server} itself or, for a user's command, the JVM among its descendants.
     */
    public static ServerProfiler attach(ProfileMode mode, ProcessHandle server, AsyncProfilerLibrary lib, Path dir) {
        if (mode == ProfileMode.OFF) {
            return off();
        }
        long pid = AttachedJvm.findJvm(server);
        if (pid < 0) {
            return skipped(
                    mode,
                    "no profile: the server (PID " + server.pid()
                            + ") is not a JVM the lab can attach to (or it was started with -XX:+DisableAttachMechanism)");
        }
        AttachedJvm jvm;
        try {
            jvm = AttachedJvm.attach(pid);
        } catch (IOException e) {
            return skipped(mode, "no profile: " + e.getMessage());
        }
        JvmFigures figures = null;
        List<String> notes = new ArrayList<>();
        try {
            figures = new JvmFigures(jvm.mbeans());
        } catch (IOException | RuntimeException e) {
            notes.add("no GC, allocation or thread figures: " + e.getMessage());
        }
        ServerProfiler p = new ServerProfiler(mode, dir, jvm, figures, notes);
        p.stacks = p.recorder(lib);
        return p;
    }

    /** A profiler that attaches to nothing and says why (nothing at all when profiling is off). */
    public static ServerProfiler without(ProfileMode mode, String why) {
        return mode == ProfileMode.OFF ? off() : skipped(mode, why);
    }

    private static ServerProfiler skipped(ProfileMode mode, String why) {
        return new ServerProfiler(mode, null, null, null, List.of(why));
    }

    private StackRecorder recorder(AsyncProfilerLibrary lib) {
        if (lib.available()) {
            return new StackRecorder.AsyncProfiler(jvm, lib, mode, dir.resolve(JFR), dir.resolve(LOG));
        }
        notes.add("stacks from the JDK's Flight Recorder (Java frames only): " + lib.unavailable());
        return jfr();
    }

    private StackRecorder jfr() {
        try {
            return new StackRecorder.Jfr(jvm, mode, dir.resolve(JFR));
        } catch (IOException | RuntimeException e) {
            notes.add("no flame graph: the JVM's Flight Recorder is not reachable: " + e.getMessage());
            return null;
        }
    }

    /** Opens the window: the JVM's totals so far, then stack sampling. Once per window; later calls do nothing. */
    public void windowOpened() {
        if (jvm == null || opened) {
            return;
        }
        opened = true;
        if (figures != null) {
            try {
                figures.open();
                figuresOpen = true;
            } catch (IOException | RuntimeException e) {
                notes.add("no GC, allocation or thread figures: " + e.getMessage());
            }
        }
        if (stacks == null) {
            return;
        }
        try {
            stacks.start();
            sampling = true;
        } catch (IOException e) {
            if (stacks instanceof StackRecorder.AsyncProfiler) {
                // e.g. perf events refused and no timer left: the JDK's recorder still sees Java frames
                notes.add("async-profiler could not start (" + e.getMessage() + "; see " + LOG
                        + "): stacks from the JDK's Flight Recorder, Java frames only");
                stacks = jfr();
                if (stacks != null) {
                    try {
                        stacks.start();
                        sampling = true;
                    } catch (IOException again) {
                        notes.add("no flame graph: " + again.getMessage());
                    }
                }
            } else {
                notes.add("no flame graph: " + e.getMessage());
            }
        }
    }

    /**
     * Closes the window and returns the profile ({@code perRequest} is left to the caller, who knows the requests);
     * null when profiling is off. {@code trial} names the flame graph.
     */
    public ServerProfile windowClosed(String trial) {
        String title = mode.title() + trial;
        if (mode == ProfileMode.OFF) {
            return null;
        }
        ServerProfile.Jvm jvmFigures = null;
        String profiler = null;
        if (sampling) {
            try {
                stacks.stop();
                profiler = stacks.label();
            } catch (IOException e) {
                notes.add("no flame graph: " + e.getMessage());
            }
            sampling = false;
        }
        if (figuresOpen) {
            try {
                jvmFigures = figures.close();
            } catch (IOException | RuntimeException e) {
                notes.add("no GC, allocation or thread figures: " + e.getMessage());
            }
            figuresOpen = false;
        }
        long samples = 0;
        List<ServerProfile.Frame> top = List.of();
        Map<String, Double> selfTime = null;
        if (profiler != null) {
            try {
                Path jfr = dir.resolve(JFR);
                if (!Files.isRegularFile(jfr) || Files.size(jfr) == 0) {
                    throw new IOException("the profiler wrote no recording");
                }
                FlameGraphs.convert(jfr, dir.resolve(HTML), dir.resolve(COLLAPSED), title, mode == ProfileMode.ALLOC);
                Frames frames = Frames.read(dir.resolve(COLLAPSED));
                if (mode == ProfileMode.ALLOC) {
                    frames = frames.asAllocations();
                }
                samples = frames.samples();
                top = frames.top(ProfileDefaults.TOP_FRAMES);
                // an allocation's top frame is the class allocated, not where a CPU spent its time
                selfTime = mode == ProfileMode.ALLOC ? null : frames.selfTime();
                if (samples == 0) {
                    notes.add(
                            mode == ProfileMode.ALLOC
                                    ? "the profiler took no samples in the window: the server allocated less than"
                                            + " one sample's worth (async-profiler samples every "
                                            + ProfileDefaults.ALLOC_INTERVAL
                                            + "B, the Flight Recorder when a thread takes a new allocation buffer)"
                                    : "the profiler took no samples in the window: the server was idle");
                }
            } catch (IOException | RuntimeException e) {
                notes.add("no flame graph: the recording could not be converted: " + e.getMessage());
                profiler = null;
            }
        }
        return new ServerProfile(profiler, samples, top, selfTime, jvmFigures, null, List.copyOf(notes));
    }

    @Override
    public void close() {
        if (jvm != null) {
            if (sampling) {
                try {
                    stacks.stop();
                } catch (IOException e) {
                    // the server is being stopped anyway
                }
            }
            jvm.close();
        }
    }
}
