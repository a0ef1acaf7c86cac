/**
 * The reference servers' entry: a {@link io.loadlab.servers.ServerModel} per concurrency model of the catalog,
 * registered in {@link io.loadlab.servers.ServerModels}, each started from one {@link io.loadlab.servers.ServerSpec}
 * into a {@link io.loadlab.servers.RunningServer}. One package per model family below.
 */
package io.loadlab.servers;
