package io.loadlab.servers.domain;

import io.loadlab.core.data.ZipCode;

/** The outcome of query-or-insert: the stored row and whether this call inserted it (201) or found it (200). */
public record Upsert(ZipCode row, boolean created) {}
