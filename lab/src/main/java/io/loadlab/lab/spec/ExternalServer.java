package io.loadlab.lab.spec;

/**
 * A user's own server ("bring your own server"): the shell command that starts it and the base URL it answers on
 * ({@code http://127.0.0.1:8080}). The lab starts it for every trial, waits for the URL to answer, and stops it by
 * PID like any server it started.
 */
public record ExternalServer(String command, String url) {
    public ExternalServer {
        if (command == null || command.isBlank()) {
            throw new IllegalArgumentException("--server-cmd needs a command that starts the server");
        }
        if (url == null || !url.matches("https?://[^/]+/?")) {
            throw new IllegalArgumentException(
                    "--server-url needs a base URL such as http://127.0.0.1:8080, got '" + url + "'");
        }
        url = url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
    }
}
