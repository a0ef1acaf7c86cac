package io.loadlab.lab.child;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;

/**
 * What the lab may tell a running child, one JSON object per line on its standard input: so far only that its
 * stretched warm-up is over.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "command")
@JsonSubTypes({@JsonSubTypes.Type(value = ChildCommand.Measure.class, name = "measure")})
public sealed interface ChildCommand {
    /** Open the measured window now: the server is warm. */
    record Measure(long atNanos) implements ChildCommand {}
}
