package io.loadlab.lab.profile;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import javax.management.JMX;
import javax.management.MalformedObjectNameException;
import javax.management.ObjectName;
import jdk.management.jfr.FlightRecorderMXBean;

/**
 * Samples a JVM's stacks from {@link #start()} to {@link #stop()} into a JFR file: async-profiler when it can run
 * there, else the JDK's own Flight Recorder (its execution samples: Java frames only, every 10 ms).
 */
interface StackRecorder {
    void start() throws IOException;

    /** Stops sampling; the JFR file is complete when this returns. */
    void stop() throws IOException;

    /** How the stacks were sampled, for the reader: "async-profiler 4.6, cpu every 1 ms". */
    String label();

    /** async-profiler, driven through the Attach API; its messages go to {@code log}, never the server's output. */
    final class AsyncProfiler implements StackRecorder {
        private final AttachedJvm jvm;
        private final AsyncProfilerLibrary lib;
        private final ProfileMode mode;
        private final Path jfr;
        private final Path log;

        AsyncProfiler(AttachedJvm jvm, AsyncProfilerLibrary lib, ProfileMode mode, Path jfr, Path log) {
            this.jvm = jvm;
            this.lib = lib;
            this.mode = mode;
            this.jfr = jfr;
            this.log = log;
        }

        @Override
        public void start() throws IOException {
            String what = mode == ProfileMode.ALLOC
                    ? "alloc=" + ProfileDefaults.ALLOC_INTERVAL
                    : "event=" + mode.id() + ",interval=" + interval();
            jvm.agent(lib.library().toString(), "start," + what + ",jfr,file=" + jfr + ",log=" + log + ",quiet");
        }

        @Override
        public void stop() throws IOException {
            jvm.agent(lib.library().toString(), "stop,log=" + log + ",quiet");
        }

        @Override
        public String label() {
            return "async-profiler " + lib.version() + ", " + mode.id() + " every " + interval();
        }

        private String interval() {
            return ProfileDefaults.interval(mode);
        }
    }

    /**
     * The JDK's Flight Recorder over JMX: execution samples (and, for wall mode, native-method samples too), or for
     * alloc mode its allocation samples.
     */
    final class Jfr implements StackRecorder {
        private final FlightRecorderMXBean recorder;
        private final ProfileMode mode;
        private final Path jfr;
        private long id = -1;

        Jfr(AttachedJvm jvm, ProfileMode mode, Path jfr) throws IOException {
            try {
                this.recorder = JMX.newMXBeanProxy(
                        jvm.mbeans(), new ObjectName(FlightRecorderMXBean.MXBEAN_NAME), FlightRecorderMXBean.class);
            } catch (MalformedObjectNameException e) {
                throw new IllegalStateException(e);
            }
            this.mode = mode;
            this.jfr = jfr;
        }

        @Override
        public void start() throws IOException {
            try {
                id = recorder.newRecording();
                recorder.setRecordingSettings(id, settings());
                recorder.startRecording(id);
            } catch (RuntimeException e) {
                throw new IOException("the JVM's Flight Recorder did not start: " + e.getMessage(), e);
            }
        }

        /** The events the recording takes for this mode, with their rates. */
        private Map<String, String> settings() {
            String period = ProfileDefaults.JFR_PERIOD;
            return switch (mode) {
                case ALLOC ->
                    Map.of(
                            "jdk.ObjectAllocationSample#enabled",
                            "true",
                            "jdk.ObjectAllocationSample#throttle",
                            ProfileDefaults.JFR_ALLOC_THROTTLE);
                case WALL ->
                    Map.of(
                            "jdk.ExecutionSample#enabled",
                            "true",
                            "jdk.ExecutionSample#period",
                            period,
                            "jdk.NativeMethodSample#enabled",
                            "true",
                            "jdk.NativeMethodSample#period",
                            period);
                default -> Map.of("jdk.ExecutionSample#enabled", "true", "jdk.ExecutionSample#period", period);
            };
        }

        @Override
        public void stop() throws IOException {
            if (id < 0) {
                return;
            }
            try {
                recorder.stopRecording(id);
                recorder.copyTo(id, jfr.toString());
            } catch (RuntimeException e) {
                throw new IOException("the JVM's Flight Recorder did not save its recording: " + e.getMessage(), e);
            } finally {
                try {
                    recorder.closeRecording(id);
                } catch (RuntimeException e) {
                    // closed with the JVM
                }
            }
        }

        @Override
        public String label() {
            return mode == ProfileMode.ALLOC
                    ? "JDK Flight Recorder, allocation samples at most " + ProfileDefaults.JFR_ALLOC_THROTTLE
                    : "JDK Flight Recorder, Java frames every " + ProfileDefaults.JFR_PERIOD;
        }
    }
}
