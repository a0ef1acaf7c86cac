package io.loadlab.cli;

import io.loadlab.core.Defaults;
import io.loadlab.core.model.ConcurrencyModel;
import io.loadlab.core.model.Knob;
import io.loadlab.core.proc.StopSignal;
import io.loadlab.lab.child.Applications;
import io.loadlab.lab.proc.Lifeline;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * {@code loadlab serve MODEL} for a framework model: its application's jar (built first when missing or older than
 * its sources), configured by the environment the lab gives it ({@code LOADLAB_*}) from the flags given, in the
 * foreground with its output on this terminal. SIGTERM or Ctrl-C stops it (SIGTERM to it, then a forced stop after
 * {@link Defaults#GRACEFUL_STOP}); its exit status is this command's.
 */
final class ServeApplication {
    private ServeApplication() {}

    /**
     * @param knobs the values given on the command line, by knob name ({@code max-threads}); the model's own
     *     defaults for the rest
     */
    static int run(ConcurrencyModel model, ServeCommand flags, Map<String, String> knobs, PrintWriter err)
            throws IOException, InterruptedException {
        Applications apps = Applications.find();
        apps.ensureBuilt(List.of(model.launch().app()), line -> {
            err.println("loadlab serve: " + line);
            err.flush();
        });
        Map<Knob, String> set = new LinkedHashMap<>();
        for (Knob k : model.knobs()) {
            if (knobs.containsKey(k.name())) {
                set.put(k, knobs.get(k.name()));
            }
        }
        Map<String, String> env =
                model.launch().environment(flags.host, flags.port, flags.backendUrl, flags.dbUrl, set);
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(Defaults.jvmFlags());
        cmd.add("-jar");
        cmd.add(apps.jar(model.launch().app()).toString());
        ProcessBuilder pb = new ProcessBuilder(cmd).inheritIO();
        pb.environment().putAll(env);
        // should this JVM be killed outright, the application still ends: the lifeline finds it by this marker
        Lifeline lifeline = Lifeline.forProcesses(pb, "LOADLAB_SERVE");
        StopSignal stop = StopSignal.install();
        Process p = pb.start();
        Thread hook = new Thread(() -> stop(p), "serve-application-stop");
        Runtime.getRuntime().addShutdownHook(hook); // other exits stop it too: no orphan
        p.onExit().thenRun(stop::release);
        err.println("loadlab serve: " + model + " ("
                + apps.jar(model.launch().app()).getFileName() + ", pid " + p.pid() + ") on http://" + flags.host + ":"
                + flags.port + " (SIGTERM or Ctrl-C stops it)");
        err.flush();
        stop.await();
        stop(p);
        lifeline.close();
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException alreadyExiting) {
            // the JVM is shutting down anyway
        }
        return p.exitValue() == 143 ? Main.EXIT_OK : p.exitValue();
    }

    private static void stop(Process p) {
        if (!p.isAlive()) {
            return;
        }
        p.destroy();
        try {
            if (!p.waitFor(Defaults.GRACEFUL_STOP.toMillis(), TimeUnit.MILLISECONDS)) {
                p.destroyForcibly().waitFor();
            }
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
