package io.loadlab.lab.child;

import io.loadlab.servers.ServerSpec;

/** Serve one concurrency model's reference server with {@code spec} until stopped (SIGTERM), then close gracefully. */
public record ServeJob(ServerSpec spec) implements ChildJob {}
