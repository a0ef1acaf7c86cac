package io.loadlab.servers.domain;

import io.loadlab.core.UserError;
import io.loadlab.servers.ServerSpec;

/** Placeholder until the JDBC and reactive stores land: creating a store says the database is not supported yet. */
public final class ZipCodeStores {
    private ZipCodeStores() {}

    public static ZipCodeStore blocking(ServerSpec spec) {
        throw new UserError("--db-url is not supported by this build yet");
    }

    public static AsyncZipCodeStore async(ServerSpec spec, io.vertx.core.Vertx vertxOrNull) {
        throw new UserError("--db-url is not supported by this build yet");
    }
}
