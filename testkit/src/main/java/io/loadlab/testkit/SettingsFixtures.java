package io.loadlab.testkit;

import io.loadlab.core.settings.Limit;
import io.loadlab.core.settings.ServerSettings;

/** A complete settings record, as a reference server on one CPU would report it. */
public final class SettingsFixtures {
    private SettingsFixtures() {}

    public static ServerSettings complete(String model) {
        return ServerSettings.builder(model)
                .listening("127.0.0.1", 8080)
                .software("loadlab " + model, "Netty 4.2")
                .backlog(8192)
                .keepAlive(Limit.UNLIMITED, Limit.of(30_000))
                .threads(new ServerSettings.Threads("event-loop", Limit.of(1), 1, 1, Limit.of(0)))
                .database(new ServerSettings.Database(
                        "Vert.x reactive PostgreSQL client",
                        16,
                        Limit.of(256),
                        ServerSettings.Transactions.PER_STATEMENT,
                        "autocommit",
                        null,
                        null))
                .backendClient(new ServerSettings.HttpClient("netty", Limit.of(9872), null))
                .own("transport", "epoll")
                .build();
    }
}
