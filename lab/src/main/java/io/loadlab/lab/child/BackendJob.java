package io.loadlab.lab.child;

import io.loadlab.backend.BackendSpec;

/** Be the slow downstream service with {@code spec} until stopped (SIGTERM). */
public record BackendJob(BackendSpec spec) implements ChildJob {}
