package io.loadlab.lab.child;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;

/**
 * What the lab may tell a running child, one JSON object per line on its standard input: that its stretched
 * warm-up is over, or, to a load agent, when its window opens.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "command")
@JsonSubTypes({
    @JsonSubTypes.Type(value = ChildCommand.Measure.class, name = "measure"),
    @JsonSubTypes.Type(value = ChildCommand.StartAt.class, name = "start-at")
})
public sealed interface ChildCommand {
    /** Open the measured window now: the server is warm. */
    record Measure(long atNanos) implements ChildCommand {}

    /** A load agent's shared start: open the measured window at this wall-clock instant (epoch microseconds). */
    record StartAt(long epochMicros) implements ChildCommand {}
}
