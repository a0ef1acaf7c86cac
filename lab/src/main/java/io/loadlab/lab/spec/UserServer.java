package io.loadlab.lab.spec;

import io.loadlab.core.model.ConcurrencyModel;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A user's own server as a model of the suite ({@code servers:} in a suite, {@code --server-cmd NAME=CMD} ad hoc):
 * its name, the shell command that starts it and the base URL it answers on. With a command the lab starts it fresh
 * for every trial, pinned and sampled, and stops it by PID like any model; without one it is already running and the
 * lab can only validate, load and judge it ({@link #ALREADY_RUNNING}).
 *
 * @param name the model name experiments list it by; never a catalog model's id
 * @param command the shell command that starts the server, or null when it is already running
 * @param cap how many requests its design lets wait at once (its threads, its pool), for the ceiling; null when
 *     unknown: no design ceiling then
 * @param settings the settings this variant is started with, as the suite declares them
 *     ({@code spring.threads.virtual.enabled: true}): recorded with each trial and compared by the parity check
 */
public record UserServer(String name, String command, String url, Integer cap, Map<String, String> settings) {
    /** The model name of the one server of {@code --server-cmd CMD} or {@code --server-url URL}. */
    public static final String DEFAULT_NAME = "external";

    /** The key of a user server's trial settings that holds its declared {@code settings}. */
    public static final String DECLARED = "declared";

    /** The warning printed and recorded in results.json when the server is already running. */
    public static final String ALREADY_RUNNING = "the server at %s was already running: the lab cannot pin, restart"
            + " or sample it, so its trials share one warm server whose CPU, memory and threads are not recorded"
            + " (give --server-cmd to have it started fresh and pinned for every trial)";

    public UserServer {
        if (name == null || !name.matches("[A-Za-z0-9][A-Za-z0-9._-]*")) {
            throw new IllegalArgumentException(
                    "a server's name may hold letters, digits, '.', '_' and '-', got '" + name + "'");
        }
        if (name.equals("all") || ConcurrencyModel.all().stream().anyMatch(m -> m.id().equals(name))) {
            throw new IllegalArgumentException("server name '" + name + "' is taken by the model catalog ("
                    + ConcurrencyModel.ids() + ", all): give your server another name");
        }
        if (command != null && command.isBlank()) {
            throw new IllegalArgumentException("server '" + name + "' needs a command that starts it");
        }
        if (url == null || !url.matches("https?://[^/]+/?")) {
            throw new IllegalArgumentException(
                    "server '" + name + "' needs a base URL such as http://127.0.0.1:8080," + " got '" + url + "'");
        }
        url = url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
        if (cap != null && cap < 1) {
            throw new IllegalArgumentException("server '" + name + "': cap must be at least 1, got " + cap);
        }
        settings = settings == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(settings));
    }

    /** The one server of {@code --server-cmd CMD --server-url URL} (a null command: already running). */
    public static UserServer single(String command, String url) {
        return new UserServer(DEFAULT_NAME, command, url, null, Map.of());
    }

    /** True when the lab did not start the server and cannot restart, pin or sample it. */
    public boolean alreadyRunning() {
        return command == null;
    }

    /** The line that warns of an already-running server; null when the lab starts it. */
    public String warning() {
        return alreadyRunning() ? String.format(ALREADY_RUNNING, url) : null;
    }

    /** How results.json describes it. */
    public Map<String, Object> describe() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", name);
        if (command != null) {
            m.put("command", command);
        }
        m.put("url", url);
        if (cap != null) {
            m.put("cap", cap);
        }
        if (!settings.isEmpty()) {
            m.put("settings", settings);
        }
        m.put("started_by_lab", !alreadyRunning());
        return m;
    }
}
