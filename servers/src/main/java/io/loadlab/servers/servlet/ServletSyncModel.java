package io.loadlab.servers.servlet;

import io.loadlab.core.model.ConcurrencyModel;
import io.loadlab.servers.ReferenceSettings;
import io.loadlab.servers.RunningServer;
import io.loadlab.servers.ServerModel;
import io.loadlab.servers.ServerSpec;
import io.loadlab.servers.domain.ZipCodeStore;
import io.loadlab.servers.domain.ZipCodeStores;
import io.loadlab.servers.runtime.StartupChecks;
import java.util.ArrayList;
import java.util.List;

/** {@code servlet-sync}: Jetty 12 servlet; the container thread blocks on sleep, the blocking client and JDBC. */
public final class ServletSyncModel implements ServerModel {
    @Override
    public ConcurrencyModel model() {
        return ConcurrencyModel.SERVLET_SYNC;
    }

    @Override
    public RunningServer start(ServerSpec spec) throws Exception {
        StartupChecks.requireBackend(spec.backendUrl());
        List<AutoCloseable> resources = new ArrayList<>();
        try {
            ServletBackend backend = null;
            if (spec.backendUrl() != null) {
                backend = new ServletBackend(spec.backendUrl(), spec.backendConnections());
                resources.add(backend);
            }
            ZipCodeStore store = spec.dbUrl() == null ? null : ZipCodeStores.blocking(spec);
            BlockingWork work = new BlockingWork(backend, store);
            resources.add(work);
            return JettyServer.start(
                    spec,
                    json -> new JettyServer.Setup(
                            new SyncContractServlet(json, work),
                            false,
                            b -> b.database(ReferenceSettings.database(
                                            spec, ReferenceSettings.JDBC, store == null ? null : store.serverVersion()))
                                    .backendClient(ReferenceSettings.backendClient(spec, ServletBackend.NAME)),
                            resources,
                            List.of()));
        } catch (Exception | Error e) {
            for (AutoCloseable r : resources) {
                r.close();
            }
            throw e;
        }
    }
}
