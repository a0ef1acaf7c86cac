package io.loadlab.loadgen.agents;

import io.loadlab.core.Json;
import io.loadlab.core.UserError;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;

/**
 * One agent's output as the merge reads it: its {@link AgentRecord} and, from its histogram log, the total's
 * histogram of each interval of the timeline (responses only) and of the tail (the window's last moments and the
 * unfinished requests, logged as an interval of no length at the window's end).
 *
 * <p>Written by an agent in one of two forms: a directory ({@code agent.json} and {@code load.hlog}) or, for a pod's
 * log, one line on standard output that starts with {@link AgentDefaults#LOG_MARKER} and holds both.
 */
public record AgentRun(AgentRecord record, List<Histogram> intervals, Histogram tail, String hlog) {

    /** The envelope of the one-line form. */
    record Line(AgentRecord agent, String hlog) {}

    /** Reads an agent's output directory. */
    public static AgentRun read(Path dir) {
        Path file = dir.resolve(AgentDefaults.AGENT_FILE);
        try {
            AgentRecord r = Json.read(file, AgentRecord.class);
            Path log = dir.resolve(AgentDefaults.HLOG_FILE);
            String hlog = Files.exists(log) ? Files.readString(log, StandardCharsets.US_ASCII) : "";
            return of(r, hlog);
        } catch (NoSuchFileException e) {
            throw new UserError(dir + " holds no " + AgentDefaults.AGENT_FILE
                    + ": give the directories that loadlab agent --out wrote");
        } catch (IOException e) {
            throw new UserError("cannot read " + file + ": " + e.getMessage());
        }
    }

    /** Writes this output as a directory that {@link #read} reads back. */
    public void writeTo(Path dir) throws IOException {
        Files.createDirectories(dir);
        Json.writeAtomically(dir.resolve(AgentDefaults.AGENT_FILE), record);
        Files.writeString(dir.resolve(AgentDefaults.HLOG_FILE), hlog, StandardCharsets.US_ASCII);
    }

    /** The one-line form, for standard output. */
    public String toLine() {
        return AgentDefaults.LOG_MARKER + Json.write(new Line(record, hlog));
    }

    /** Finds the one-line form in a log (a pod's standard output); null when the log holds none. */
    public static AgentRun fromLog(String log) {
        int at = log.lastIndexOf(AgentDefaults.LOG_MARKER);
        if (at < 0) {
            return null;
        }
        int end = log.indexOf('\n', at);
        String json = log.substring(at + AgentDefaults.LOG_MARKER.length(), end < 0 ? log.length() : end);
        try {
            Line l = Json.read(json, Line.class);
            return of(l.agent(), l.hlog() == null ? "" : l.hlog());
        } catch (IOException e) {
            throw new UserError("an agent's output line is damaged (" + e.getMessage() + ")");
        }
    }

    /** Pairs a record with its histogram log's text. */
    public static AgentRun of(AgentRecord r, String hlog) {
        List<Histogram> intervals = new ArrayList<>();
        Histogram tail = null;
        HistogramLogReader reader =
                new HistogramLogReader(new ByteArrayInputStream(hlog.getBytes(StandardCharsets.US_ASCII)));
        EncodableHistogram e;
        while ((e = reader.nextIntervalHistogram()) != null) {
            if (e.getTag() != null || !(e instanceof Histogram h)) {
                continue; // per request: the record holds each request's whole-run histogram
            }
            if (h.getEndTimeStamp() > h.getStartTimeStamp()) {
                intervals.add(h);
            } else {
                tail = h;
            }
        }
        return new AgentRun(r, List.copyOf(intervals), tail, hlog);
    }
}
