package io.loadlab.cli;

import io.loadlab.backend.BackendDefaults;
import io.loadlab.backend.BackendServer;
import io.loadlab.backend.BackendSpec;
import io.loadlab.backend.DelaySchedule;
import io.loadlab.backend.RunningBackend;
import io.loadlab.core.Defaults;
import io.loadlab.core.Json;
import io.loadlab.core.proc.StopSignal;
import io.loadlab.core.unit.Duration;
import io.loadlab.transport.NettyTransport;
import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(
        name = "backend",
        mixinStandardHelpOptions = true,
        description = {
            "Start the slow downstream web service: GET /hello answers 'Hello, World!' after a delay, on ONE"
                    + " event-loop thread that never blocks (the delay is a timer). GET /stats reports the /hello"
                    + " requests answered; GET /health answers 200.",
            "Prints one JSON line to stdout: {\"service\":\"backend\",\"host\":..,\"port\":N,\"pid\":N,\"delay_ms\":N,"
                    + "...}. Runs until SIGTERM or Ctrl-C."
        })
final class BackendCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--host", description = "Address to bind (default: ${DEFAULT-VALUE}).")
    String host = Defaults.HOST;

    @Option(
            names = {"-p", "--port"},
            description = "Port to bind; 0 picks a free one, printed in the JSON line (default: ${DEFAULT-VALUE}).")
    int port = Defaults.PORT;

    @Option(
            names = {"-d", "--delay"},
            converter = BackendDurationConverter.class,
            paramLabel = "DURATION",
            description = "Delay of GET /hello, e.g. 100ms or 0; a request's ?delay_ms=N overrides it"
                    + " (default: ${DEFAULT-VALUE}).")
    Duration delay = BackendDefaults.BACKEND_DELAY;

    @Option(
            names = "--delay-schedule",
            paramLabel = "DELAY[,AFTER:DELAY...]",
            description = "A delay that changes over time instead of --delay, e.g. 50ms,10s:1s,5s:50ms (50ms, 1s from"
                    + " 10s on, 50ms again 5s later); its clock starts with the backend, and again on"
                    + " GET /stats?reset=1 or GET /schedule?set=...")
    String delaySchedule;

    @Option(names = "--backlog", description = "Accept backlog (default: ${DEFAULT-VALUE}).")
    int backlog = Defaults.BACKLOG;

    @Option(
            names = "--transport",
            paramLabel = "NAME",
            description = "Netty transport of its event loop: " + NettyTransport.NAMES + "; " + NettyTransport.FALLBACK
                    + " (default: ${DEFAULT-VALUE}).")
    String transport = BackendDefaults.TRANSPORT.id();

    @Override
    public Integer call() throws InterruptedException {
        BackendSpec backendSpec = new BackendSpec(host, port, delay, backlog)
                .withTransport(transport == null ? null : NettyTransport.parse(transport));
        if (delaySchedule != null) {
            backendSpec = backendSpec.withSchedule(DelaySchedule.parse(delaySchedule));
        }
        StopSignal stop = StopSignal.install();
        try (RunningBackend backend = BackendServer.start(backendSpec)) {
            PrintWriter out = spec.commandLine().getOut();
            out.println(Json.write(startLine(backend)));
            out.flush();
            if (backend.transportNote() != null) {
                spec.commandLine().getErr().println("loadlab backend: note: " + backend.transportNote());
                spec.commandLine().getErr().flush();
            }
            stop.await();
            PrintWriter err = spec.commandLine().getErr();
            err.println("loadlab backend: stopping after " + backend.requests() + " /hello requests answered");
            err.flush();
        }
        return Main.EXIT_OK;
    }

    private static Map<String, Object> startLine(RunningBackend b) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("service", "backend");
        m.put("host", b.host());
        m.put("port", b.port());
        m.put("pid", ProcessHandle.current().pid());
        m.put("delay_ms", b.delay().toMillis());
        m.put("delay_schedule", b.schedule().toString());
        m.put("event_loops", 1);
        m.put("transport", b.transport());
        return m;
    }
}
