package io.loadlab.core.result;

import java.util.List;

/**
 * What the experiment a suite reproduces published: where (the source as the seed names it), on what hardware, with
 * which tool, and its figures, each for one of the experiment's models (or none: a figure of a setup this lab does not
 * run, such as the load tool alone) at one load level. The report draws them beside this run's.
 */
public record Published(String source, String hardware, String tool, List<Figure> figures) {

    public Published {
        figures = figures == null ? List.of() : List.copyOf(figures);
    }

    /**
     * One published measurement.
     *
     * @param model the model of the experiment it is compared with; null when none of them corresponds
     * @param setup the source's own name for what it measured (e.g. {@code Jetty 9.1.3, 200 threads, Servlet})
     * @param load the load level it was measured at
     * @param request a request name of a mix ({@code fast}), null for all requests
     * @param rps requests per second, null when not published
     * @param meanMs mean latency in ms, null when not published
     * @param p50Ms median latency in ms, null when not published
     * @param p99Ms 99th percentile latency in ms, null when not published
     * @param quote the source's words or output line the figure is taken from
     * @param note a caveat (e.g. read off a chart)
     */
    public record Figure(
            String model,
            String setup,
            LoadLevel load,
            String request,
            Double rps,
            Double meanMs,
            Double p50Ms,
            Double p99Ms,
            String quote,
            String note) {}
}
