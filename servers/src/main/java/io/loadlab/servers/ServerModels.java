package io.loadlab.servers;

import io.loadlab.core.UserError;
import io.loadlab.core.model.ConcurrencyModel;
import io.loadlab.servers.blocking.BlockingModel;
import io.loadlab.servers.netty.NettyModel;
import io.loadlab.servers.servlet.ServletAsyncModel;
import io.loadlab.servers.servlet.ServletSyncModel;
import io.loadlab.servers.vertx.VertxModel;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

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

    /** The reference server of a model of the catalog. */
    public static ServerModel of(ConcurrencyModel model) {
        for (ServerModel m : ALL) {
            if (m.model() == model) {
                return m;
            }
        }
        throw new IllegalStateException("no reference server for " + model);
    }

    /** The reference server of the model named {@code name}; a {@link UserError} listing the models otherwise. */
    public static ServerModel byName(String name) {
        return of(ConcurrencyModel.byId(name));
    }

    /** The models whose servers serve HTTP/2 (h2c and h2) besides HTTP/1.1; the blocking-socket ones speak HTTP/1.1. */
    private static final Set<ConcurrencyModel> SERVING_HTTP2 = EnumSet.of(
            ConcurrencyModel.SERVLET_SYNC,
            ConcurrencyModel.SERVLET_ASYNC,
            ConcurrencyModel.NETTY,
            ConcurrencyModel.VERTX);

    /** The ids of the models that serve HTTP/2, in catalog order. */
    public static final List<String> HTTP2 =
            SERVING_HTTP2.stream().map(ConcurrencyModel::id).toList();

    /** A {@link UserError} unless {@code model} serves HTTP/2; {@code protocol} names what was asked for. */
    public static void requireHttp2(ConcurrencyModel model, String protocol) {
        if (!SERVING_HTTP2.contains(model)) {
            throw new UserError("protocol: " + protocol + " is served by " + String.join(", ", HTTP2) + "; " + model
                    + " speaks HTTP/1.1 only");
        }
    }

    public static String names() {
        return ConcurrencyModel.ids();
    }
}
