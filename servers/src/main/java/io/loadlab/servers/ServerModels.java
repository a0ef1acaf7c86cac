package io.loadlab.servers;

import io.loadlab.core.UserError;
import io.loadlab.servers.blocking.BlockingModel;
import io.loadlab.servers.netty.NettyModel;
import io.loadlab.servers.servlet.ServletAsyncModel;
import io.loadlab.servers.servlet.ServletSyncModel;
import io.loadlab.servers.vertx.VertxModel;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/** The registry of every concurrency model, by kebab-case name, in the order help texts list them. */
public final class ServerModels {
    private static final List<ServerModel> ALL = models();

    private ServerModels() {}

    private static List<ServerModel> models() {
        List<ServerModel> all = new ArrayList<>(BlockingModel.all());
        all.add(new ServletSyncModel());
        all.add(new ServletAsyncModel());
        all.add(new NettyModel());
        all.add(new VertxModel());
        return List.copyOf(all);
    }

    public static List<ServerModel> all() {
        return ALL;
    }

    public static ServerModel byName(String name) {
        for (ServerModel m : ALL) {
            if (m.name().equals(name)) {
                return m;
            }
        }
        throw new UserError("unknown model '" + name + "'; the models are: " + names());
    }

    public static String names() {
        return ALL.stream().map(ServerModel::name).collect(Collectors.joining(", "));
    }
}
