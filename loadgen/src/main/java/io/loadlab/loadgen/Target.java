package io.loadlab.loadgen;

import io.loadlab.core.UserError;
import java.net.URI;
import java.net.URISyntaxException;

/**
 * Where the load goes: scheme, host, port and the base path that scenario paths are appended to. Built from the URL
 * given on the command line; a bad URL or unknown scheme is a {@link UserError}.
 */
public record Target(String scheme, String host, int port, String path, String query) {

    public boolean tls() {
        return scheme.equals("https");
    }

    /** The {@code Host} header value: the port is left out when it is the scheme's default. */
    public String hostHeader() {
        boolean defaultPort = (tls() && port == 443) || (!tls() && port == 80);
        String h = host.contains(":") ? "[" + host + "]" : host;
        return defaultPort ? h : h + ":" + port;
    }

    /** The request target of a plain (non-scenario) run: the URL's path and query. */
    public String pathAndQuery() {
        return query == null ? path : path + "?" + query;
    }

    /** {@code scheme://host:port}, to which scenario paths are appended. */
    public String origin() {
        return scheme + "://" + hostHeader();
    }

    public static Target parse(String url) {
        if (url == null || url.isBlank()) {
            throw new UserError("no URL given; pass one such as http://127.0.0.1:8080/plaintext");
        }
        URI uri;
        try {
            uri = new URI(url.trim());
        } catch (URISyntaxException e) {
            throw new UserError("bad URL '" + url + "': " + e.getReason() + "; expected e.g. http://127.0.0.1:8080/");
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase();
        if (!scheme.equals("http") && !scheme.equals("https")) {
            throw new UserError("unknown scheme '" + (scheme.isEmpty() ? url : scheme) + "' in URL '" + url
                    + "'; use http:// or https://");
        }
        String host = uri.getHost();
        if (host == null || host.isEmpty()) {
            throw new UserError("bad URL '" + url + "': no host; expected e.g. http://127.0.0.1:8080/");
        }
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        int port = uri.getPort() >= 0 ? uri.getPort() : scheme.equals("https") ? 443 : 80;
        String path = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
        return new Target(scheme, host, port, path, uri.getRawQuery());
    }
}
