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
        double warmupS) {

    public boolean open() {
        return LoadReport.OPEN.equals(loadModel);
    }
}
