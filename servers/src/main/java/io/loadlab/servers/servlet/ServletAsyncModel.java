package io.loadlab.servers.servlet;

import io.loadlab.core.model.ConcurrencyModel;
import io.loadlab.core.settings.Limit;
import io.loadlab.core.settings.ServerSettings;
import io.loadlab.servers.ReferenceSettings;
import io.loadlab.servers.RunningServer;
import io.loadlab.servers.ServerModel;
import io.loadlab.servers.ServerSpec;
import io.loadlab.servers.domain.AsyncZipCodeStore;
import io.loadlab.servers.domain.ZipCodeStore;
import io.loadlab.servers.domain.ZipCodeStores;
import io.loadlab.servers.runtime.StartupChecks;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * {@code servlet-async}: Jetty 12 servlet with {@code AsyncContext}. {@code --offload nonblocking}: a one-thread timer,
 * a Netty backend client on one loop of its own ({@link NonBlockingBackend}) and the reactive PostgreSQL client;
 * {@code --offload worker}: a fixed pool of {@code --worker-threads} blocks on sleep, the blocking Jetty client and
 * JDBC, then completes the request.
 */
public final class ServletAsyncModel implements ServerModel {
    @Override
    public ConcurrencyModel model() {
        return ConcurrencyModel.SERVLET_ASYNC;
    }

    @Override
    public RunningServer start(ServerSpec spec) throws Exception {
        StartupChecks.requireBackend(spec.backendUrl());
        List<AutoCloseable> resources = new ArrayList<>();
        try {
            if (spec.offload() == ServerSpec.Offload.WORKER) {
                ServletBackend backend = null;
                if (spec.backendUrl() != null) {
                    backend = new ServletBackend(spec.backendUrl(), spec.backendConnections());
                    resources.add(backend);
                }
                ExecutorService workers = new ThreadPoolExecutor(
                        spec.workerThreads(),
                        spec.workerThreads(),
                        0,
                        TimeUnit.MILLISECONDS,
                        new LinkedBlockingQueue<>(),
                        named("worker"));
                resources.add(workers::shutdownNow);
                ZipCodeStore store = spec.dbUrl() == null ? null : ZipCodeStores.blocking(spec);
                BlockingWork work = new BlockingWork(backend, store);
                resources.add(work);
                return JettyServer.start(
                        spec,
                        json -> new JettyServer.Setup(
                                new AsyncContractServlet(json, null, work, workers),
                                true,
                                b -> worker(b, spec)
                                        .database(ReferenceSettings.database(
                                                spec,
                                                ReferenceSettings.JDBC,
                                                store == null ? null : store.serverVersion()))
                                        .backendClient(ReferenceSettings.backendClient(spec, ServletBackend.NAME)),
                                resources,
                                List.of()));
            }
            ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(named("delay-timer"));
            resources.add(timer::shutdownNow);
            List<ScheduledExecutorService> mustNotBlock = new ArrayList<>(List.of(timer));
            NonBlockingBackend backend = null;
            if (spec.backendUrl() != null) {
                backend = new NonBlockingBackend(spec.backendUrl(), spec.backendConnections());
                resources.add(backend);
                mustNotBlock.add(backend.loop());
            }
            AsyncZipCodeStore store = spec.dbUrl() == null ? null : ZipCodeStores.async(spec, null);
            NonBlockingWork work = new NonBlockingWork(timer, backend, store);
            resources.add(work);
            return JettyServer.start(
                    spec,
                    json -> new JettyServer.Setup(
                            new AsyncContractServlet(json, work, null, null),
                            true,
                            b -> b.own("offload", "nonblocking")
                                    .own("timer_threads", 1)
                                    .database(ReferenceSettings.database(
                                            spec,
                                            ReferenceSettings.REACTIVE_PG,
                                            store == null ? null : store.serverVersion()))
                                    .backendClient(ReferenceSettings.backendClient(spec, NonBlockingBackend.NAME)),
                            resources,
                            List.copyOf(mustNotBlock)));
        } catch (Exception | Error e) {
            for (AutoCloseable r : resources) {
                r.close();
            }
            throw e;
        }
    }

    /** The worker pool in the container's threads' place: Jetty's threads hand each waiting request to it. */
    private static ServerSettings.Builder worker(ServerSettings.Builder b, ServerSpec spec) {
        ServerSettings.Threads jetty = b.build().threads();
        return b.threads(new ServerSettings.Threads(
                        jetty.requests(),
                        jetty.requestThreads(),
                        jetty.eventLoops(),
                        jetty.ioThreads(),
                        Limit.of(spec.workerThreads())))
                .own("offload", "worker")
                .own("worker_queue", "unbounded");
    }

    private static ThreadFactory named(String prefix) {
        AtomicInteger n = new AtomicInteger();
        return r -> {
            Thread t = new Thread(r, prefix + "-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
    }
}
