package io.loadlab.lab.trial;

import io.loadlab.core.result.LoadReport;
import io.loadlab.core.result.ProcessSeries;
import io.loadlab.core.result.Resources;
import io.loadlab.core.result.ServerProfile;

/**
 * A profile's per-request costs: the window's server CPU (from {@code /proc}), heap allocation (from the JVM) and
 * context switches (from {@code /proc/PID/task/*}) divided by the requests completed in the window.
 */
final class ProfileFigures {
    private ProfileFigures() {}

    static ServerProfile perRequest(ServerProfile p, LoadReport load, Resources resources) {
        if (p == null) {
            return null;
        }
        long requests = load == null ? 0 : load.throughput().requests();
        if (requests <= 0) {
            return p;
        }
        ProcessSeries server = resources == null ? null : resources.process("server");
        double us = server == null
                ? Double.NaN
                : server.cpuMicrosPerRequest(load.throughput().rps());
        Double cpuUs = Double.isNaN(us) ? null : round(us);
        Double alloc = p.jvm() == null ? null : round(p.jvm().allocatedBytes() / (double) requests);
        Double vol = server == null ? null : round(server.voluntaryCtx() / (double) requests);
        Double invol = server == null ? null : round(server.involuntaryCtx() / (double) requests);
        return new ServerProfile(
                p.profiler(),
                p.samples(),
                p.topFrames(),
                p.selfTime(),
                p.jvm(),
                new ServerProfile.PerRequest(cpuUs, alloc, vol, invol),
                p.notes());
    }

    /** Three significant decimals are more than the figures hold. */
    private static double round(double v) {
        return Math.round(v * 1000) / 1000.0;
    }
}
