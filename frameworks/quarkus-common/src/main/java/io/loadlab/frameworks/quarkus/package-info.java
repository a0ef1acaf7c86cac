/**
 * What the Quarkus applications share and Quarkus does not decide: their configuration from the {@code LOADLAB_*}
 * environment ({@link io.loadlab.frameworks.quarkus.LoadlabConfigSource}), the contract on Quarkus' Vert.x server
 * ({@link io.loadlab.frameworks.quarkus.VertxContract}, {@link io.loadlab.frameworks.quarkus.ContractGate}) and in
 * Quarkus REST ({@link io.loadlab.frameworks.quarkus.ContractErrors}, {@link io.loadlab.frameworks.quarkus.Answers},
 * {@link io.loadlab.frameworks.quarkus.Message}), and the part of their settings Quarkus decides
 * ({@link io.loadlab.frameworks.quarkus.QuarkusSettings}).
 */
package io.loadlab.frameworks.quarkus;
