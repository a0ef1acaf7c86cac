package io.loadlab.lab.child;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;

/**
 * The one job the lab hands a child process, written as a JSON file the child reads at start ({@link ChildMain}):
 * load a server, serve a model, or be the backend. What the lab asked is kept beside what it got, in the trial's
 * directory. The child answers with {@link ChildEvent}s.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "job")
@JsonSubTypes({
    @JsonSubTypes.Type(value = LoadJob.class, name = "load"),
    @JsonSubTypes.Type(value = ServeJob.class, name = "serve"),
    @JsonSubTypes.Type(value = BackendJob.class, name = "backend")
})
public sealed interface ChildJob permits LoadJob, ServeJob, BackendJob {}
