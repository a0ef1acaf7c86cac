package io.loadlab.lab.spec;

/**
 * A user's own server ("bring your own server"): the shell command that starts it and the base URL it answers on
 * ({@code http://127.0.0.1:8080}). With a command, the lab starts it for every trial, waits for the URL to answer,
 * and stops it by PID like any server it started. Without one the server is already running: the lab validates,
 * loads and judges it, but cannot pin, restart or sample it ({@link #ALREADY_RUNNING}).
 *
 * @param command the shell command that starts the server, or null when it is already running
 */
public record ExternalServer(String command, String url) {
    /** The warning printed and recorded in results.json when the server is already running. */
    public static final String ALREADY_RUNNING = "the server at %s was already running: the lab cannot pin, restart"
            + " or sample it, so its trials share one warm server whose CPU, memory and threads are not recorded"
            + " (give --server-cmd to have it started fresh and pinned for every trial)";

    public ExternalServer {
        if (command != null && command.isBlank()) {
            throw new IllegalArgumentException("--server-cmd needs a command that starts the server");
        }
        if (url == null || !url.matches("https?://[^/]+/?")) {
            throw new IllegalArgumentException(
                    "--server-url needs a base URL such as http://127.0.0.1:8080, got '" + url + "'");
        }
        url = url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
    }

    /** A server already running at {@code url}, which the lab neither starts nor stops. */
    public static ExternalServer running(String url) {
        return new ExternalServer(null, url);
    }

    /** True when the lab did not start the server and cannot restart, pin or sample it. */
    public boolean alreadyRunning() {
        return command == null;
    }

    /** The line that warns of an already-running server; null when the lab starts it. */
    public String warning() {
        return alreadyRunning() ? String.format(ALREADY_RUNNING, url) : null;
    }
}
