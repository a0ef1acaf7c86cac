package io.loadlab.lab.child;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import io.loadlab.core.Json;
import io.loadlab.core.result.IntervalStats;
import io.loadlab.core.result.LoadReport;
import io.loadlab.core.settings.ServerSettings;
import java.util.Map;

/**
 * What a child tells the lab, one JSON object per line on its standard output ({@code ROLE.events.jsonl} in the trial
 * directory), in order: a server says {@link Serving}, the backend {@link Ready}; a load generator says {@link Measuring} when its
 * warm-up ends, {@link Progress} each second, then {@link Result}; a load agent first says {@link Armed}. Any child may end with {@link Failure} and a
 * non-zero exit instead.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "event")
@JsonSubTypes({
    @JsonSubTypes.Type(value = ChildEvent.Ready.class, name = "ready"),
    @JsonSubTypes.Type(value = ChildEvent.Serving.class, name = "serving"),
    @JsonSubTypes.Type(value = ChildEvent.Measuring.class, name = "measuring"),
    @JsonSubTypes.Type(value = ChildEvent.Armed.class, name = "armed"),
    @JsonSubTypes.Type(value = ChildEvent.Progress.class, name = "progress"),
    @JsonSubTypes.Type(value = ChildEvent.Result.class, name = "result"),
    @JsonSubTypes.Type(value = ChildEvent.Failure.class, name = "failure")
})
public sealed interface ChildEvent {
    /** The backend listens on {@code host:port}; {@code settings} are its effective settings (delay, transport). */
    record Ready(String host, int port, long pid, Map<String, Object> settings) implements ChildEvent {}

    /** A server listens on {@code host:port} with the settings it announces at {@code /settings} too. */
    record Serving(String host, int port, long pid, ServerSettings settings) implements ChildEvent {}

    /**
     * A load agent is connected and has warmed up for its minimum: it goes on warming until it is told the shared
     * start instant ({@link ChildCommand.StartAt}).
     */
    record Armed(long pid, int index) implements ChildEvent {}

    /** The warm-up is over: what completes from now on is measured. */
    record Measuring(long pid) implements ChildEvent {}

    /** One measured second. */
    record Progress(IntervalStats interval) implements ChildEvent {}

    /** The run is over; {@code cpuSeconds} is the load generator's CPU in the window (-1 when unknown). */
    record Result(LoadReport report, double cpuSeconds) implements ChildEvent {}

    /** The child could not do its job; {@code message} is one line that says why and what to do. */
    record Failure(String message) implements ChildEvent {}

    /**
     * Builds and drops the JSON of the events a load generator sends as its window opens and each second of it, for a
     * warm-up's rehearsal: the first write of each event type sets up its serializer (milliseconds, cold).
     */
    static void rehearseLoadEvents(long pid, IntervalStats interval) {
        Json.write(new Measuring(pid));
        Json.write(new Progress(interval));
    }
}
