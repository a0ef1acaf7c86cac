package io.loadlab.lab.deps;

import io.loadlab.core.Defaults;
import io.loadlab.core.UserError;
import io.loadlab.core.unit.Duration;
import io.loadlab.lab.proc.Child;
import io.loadlab.lab.proc.ChildLauncher;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The slow downstream service, started once per suite: {@code loadlab backend} or a user's command. */
public final class Backend {
    private static final Pattern REQUESTS = Pattern.compile("\"requests\"\\s*:\\s*(\\d+)");

    private final Child child;
    private final String url;

    private Backend(Child child, String url) {
        this.child = child;
        this.url = url;
    }

    public static Backend start(ChildLauncher launcher, String command, Duration delay, String cpus, Path dir)
            throws IOException, InterruptedException {
        List<String> cmd = command != null
                ? List.of("/bin/sh", "-c", command)
                : launcher.loadlabCommand("backend", List.of("--port", "0", "--delay", delay.toMillis() + "ms"));
        Child c = launcher.startAnnounced("backend", cmd, cpus, dir, Defaults.STARTUP_TIMEOUT);
        String host = String.valueOf(c.announced().getOrDefault("host", Defaults.HOST));
        String url = "http://" + host + ":" + c.port();
        if (!Http.awaitReady(url + "/health", true, c.process(), Defaults.STARTUP_TIMEOUT)) {
            throw new UserError("the backend did not answer " + url + "/health: " + ChildLauncher.tail(c.log()));
        }
        return new Backend(c, url);
    }

    public Child child() {
        return child;
    }

    public String url() {
        return url;
    }

    /** {@code /hello} calls answered so far (its {@code /stats}), or null when it does not say. */
    public Long requests() {
        HttpResponse<String> r = Http.get(url + "/stats", 5_000);
        if (r == null || r.statusCode() != 200) {
            return null;
        }
        Matcher m = REQUESTS.matcher(r.body());
        return m.find() ? Long.parseLong(m.group(1)) : null;
    }
}
