package io.loadlab.lab.deps;

import com.fasterxml.jackson.core.type.TypeReference;
import io.loadlab.backend.BackendSpec;
import io.loadlab.backend.DelaySchedule;
import io.loadlab.core.Defaults;
import io.loadlab.core.Json;
import io.loadlab.core.UserError;
import io.loadlab.core.result.DependencyWork;
import io.loadlab.core.unit.Duration;
import io.loadlab.lab.LabDefaults;
import io.loadlab.lab.child.BackendJob;
import io.loadlab.lab.child.ChildEvent;
import io.loadlab.lab.child.ChildLauncher;
import io.loadlab.lab.child.ChildProcess;
import java.io.IOException;
import java.net.URLEncoder;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The slow downstream service, started once per suite: the reference backend (a {@link BackendJob} child) or a user's
 * command, which must print a JSON line holding its {@code port} (and may give {@code host}). Its {@code /stats} tell
 * the calls answered and how many were in flight at once.
 */
public final class Backend {
    private final ChildProcess child;
    private final String url;

    private Backend(ChildProcess child, String url) {
        this.child = child;
        this.url = url;
    }

    public static Backend start(ChildLauncher launcher, String command, Duration delay, String cpus, Path dir)
            throws IOException, InterruptedException {
        return start(launcher, command, delay, cpus, dir, "backend", 0);
    }

    /**
     * Starts it as {@code role} (its log {@code ROLE.log}: a backend started again keeps the first one's log) on
     * {@code port} (0: any; a user's command listens where it listens).
     */
    static Backend start(
            ChildLauncher launcher, String command, Duration delay, String cpus, Path dir, String role, int port)
            throws IOException, InterruptedException {
        String host;
        ChildProcess c;
        if (command == null) {
            c = launcher.start(
                    role, new BackendJob(BackendSpec.defaults().withDelay(delay).withPort(port)), cpus, dir);
            ChildEvent.Ready ready = c.await(ChildEvent.Ready.class, LabDefaults.STARTUP_TIMEOUT, e -> {});
            if (ready == null) {
                launcher.stop(c);
                throw new UserError("the backend did not start: " + c.logTail());
            }
            host = ready.host();
            port = ready.port();
        } else {
            c = launcher.startCommand(role, command, cpus, dir, Map.of());
            Map<String, Object> line = firstJsonLine(c);
            if (line == null || !(line.get("port") instanceof Number p)) {
                launcher.stop(c);
                throw new UserError("--backend-cmd printed no JSON line with its \"port\" within "
                        + LabDefaults.STARTUP_TIMEOUT + ": " + c.logTail());
            }
            host = String.valueOf(line.getOrDefault("host", Defaults.HOST));
            port = p.intValue();
        }
        String url = "http://" + host + ":" + port;
        if (!Http.awaitReady(url + "/health", true, c.process(), LabDefaults.STARTUP_TIMEOUT)) {
            launcher.stop(c);
            throw new UserError("the backend did not answer " + url + "/health: " + c.logTail());
        }
        return new Backend(c, url);
    }

    private static Map<String, Object> firstJsonLine(ChildProcess c) throws InterruptedException {
        long deadline = System.nanoTime() + LabDefaults.STARTUP_TIMEOUT.nanos();
        while (System.nanoTime() - deadline < 0) {
            List<String> lines = c.newLines();
            for (String line : lines) {
                try {
                    return Json.mapper().readValue(line, new TypeReference<>() {});
                } catch (IOException notJson) {
                    // a banner line; the JSON one may follow
                }
            }
            if (!c.alive()) {
                return null;
            }
            Thread.sleep(20);
        }
        return null;
    }

    public ChildProcess child() {
        return child;
    }

    /** Its port, where a backend started again listens too. */
    int port() {
        return java.net.URI.create(url).getPort();
    }

    /** Its exit status once it exited (128 + N for signal N), else null. */
    Integer exitStatus() {
        return child.alive() ? null : child.process().exitValue();
    }

    /** True when it answers {@code /health} within a second. */
    boolean answers() {
        HttpResponse<String> r = Http.get(url + "/health", 900);
        return r != null && r.statusCode() == 200;
    }

    public String url() {
        return url;
    }

    /**
     * Its {@code /stats}: calls answered, and the most and mean in flight since the last reset, which {@code reset}
     * starts again now; null when it does not answer (a user's backend may have no {@code /stats}).
     */
    public Stats stats(boolean reset) {
        HttpResponse<String> r = Http.get(url + "/stats" + (reset ? "?reset=1" : ""), 5_000);
        if (r == null || r.statusCode() != 200) {
            return null;
        }
        try {
            return Json.read(r.body(), Stats.class);
        } catch (IOException e) {
            return null;
        }
    }

    /**
     * Asks the backend for a full garbage collection now ({@code GET /gc}); a user's backend may have no such route,
     * and then nothing happens.
     */
    public void collectGarbage() {
        Http.get(url + "/gc", 10_000);
    }

    /**
     * Makes the backend follow {@code schedule} from now on ({@code GET /schedule?set=...}); a backend that does not
     * take it (a user's, without that route) is an {@link IOException} naming it.
     */
    public void schedule(DelaySchedule schedule) throws IOException {
        String text = URLEncoder.encode(schedule.toString(), StandardCharsets.UTF_8);
        HttpResponse<String> r = Http.get(url + "/schedule?set=" + text, 5_000);
        if (r == null || r.statusCode() != 200) {
            throw new IOException("the backend at " + url + " did not take the delay schedule " + schedule
                    + (r == null ? " (no answer)" : " (" + r.statusCode() + " " + r.body() + ")")
                    + "; a trigger needs the reference backend");
        }
    }

    /** The backend's {@code /stats}; figures it does not report are null. */
    public record Stats(Long requests, Integer inFlight, Integer peakInFlight, Double meanInFlight, Double windowS) {
        /** Calls since {@code before}, with this window's concurrency; null when either gave no count. */
        public DependencyWork.Backend since(Stats before) {
            if (requests == null || before == null || before.requests == null) {
                return null;
            }
            return new DependencyWork.Backend(requests - before.requests, peakInFlight, meanInFlight);
        }
    }
}
