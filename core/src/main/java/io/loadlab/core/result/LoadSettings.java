package io.loadlab.core.result;

/**
 * What a load run was asked to do, as {@code run} in the load report.
 *
 * @param url the target ({@code scheme://host:port/path}; for a scenario {@code scheme://host:port})
 * @param loadModel {@link LoadReport#CLOSED} or {@link LoadReport#OPEN}
 * @param assign how a scenario's requests were spread: {@code sequence}, {@code random} or {@code per-connection}
 * @param threads load threads
 * @param connections closed model: the connections; open model: the initial connections
 * @param maxConnections open model only: the most connections it could open
 * @param targetRps open model only: the requested rate
 * @param durationS the measured window, warm-up excluded
 * @param warmupS load sent before the window, not recorded
 * @param protocol {@code http/1.1}, {@code h2c} (HTTP/2 with prior knowledge) or {@code h2} (HTTP/2 over TLS); null in
 *     files written before it was recorded (HTTP/1.1)
 * @param maxStreams HTTP/2 only: the streams each connection carried at most, {@code -m} capped by the server's
 *     SETTINGS_MAX_CONCURRENT_STREAMS
 * @param transport the Netty transport the load threads ran on: {@code io_uring}, {@code epoll} or {@code nio}; null
 *     in files written before it was recorded (epoll on Linux)
 */
public record LoadSettings(
        String url,
        String loadModel,
        String assign,
        int threads,
        int connections,
        Integer maxConnections,
        Double targetRps,
        double durationS,
        double warmupS,
        String protocol,
        Integer maxStreams,
        String transport) {

    /** True when the run spoke HTTP/2 ({@code h2c} or {@code h2}). */
    public boolean http2() {
        return protocol != null && protocol.startsWith("h2");
    }

    public boolean open() {
        return LoadReport.OPEN.equals(loadModel);
    }
}
