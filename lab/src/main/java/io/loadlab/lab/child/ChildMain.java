package io.loadlab.lab.child;

import io.loadlab.core.Json;
import io.loadlab.core.UserError;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * The entry point of every child JVM the lab starts: {@code java ... io.loadlab.lab.child.ChildMain JOB.json}. It
 * reads one {@link ChildJob}, does it, and reports {@link ChildEvent}s as JSON lines on standard output; logs go to
 * standard error. Exit status: 0 done (a server or backend: stopped by SIGTERM), 2 the job could not be done for a
 * reason the {@link ChildEvent.Failure} states, 3 an internal error (stack trace on standard error).
 */
public final class ChildMain {
    private ChildMain() {}

    public static void main(String[] args) {
        if (System.getProperty("io.netty.jfr.enabled") == null) {
            System.setProperty("io.netty.jfr.enabled", "false"); // no JFR events of Netty's allocator: start-up CPU
        }
        Events events = new Events(new PrintStream(System.out, false, StandardCharsets.UTF_8));
        int status;
        try {
            if (args.length != 1) {
                throw new UserError("usage: ChildMain JOB.json");
            }
            Path file = Path.of(args[0]);
            ChildJob job = Json.read(file, ChildJob.class);
            Path dir = file.toAbsolutePath().getParent();
            switch (job) {
                case LoadJob j -> LoadChild.run(j, dir, events);
                case ServeJob j -> ServeChild.run(j, events);
                case BackendJob j -> BackendChild.run(j, events);
            }
            status = 0;
        } catch (UserError | IOException e) {
            events.emit(new ChildEvent.Failure(e.getMessage()));
            status = 2;
        } catch (Throwable e) {
            events.emit(new ChildEvent.Failure("internal error: " + e));
            e.printStackTrace();
            status = 3;
        }
        System.exit(status);
    }

    /** Writes events, one JSON line each, flushed at once. Thread-safe. */
    static final class Events {
        private final PrintStream out;

        Events(PrintStream out) {
            this.out = out;
        }

        synchronized void emit(ChildEvent e) {
            out.println(Json.write(e));
            out.flush();
        }
    }
}
