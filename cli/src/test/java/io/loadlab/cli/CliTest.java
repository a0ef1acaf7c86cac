package io.loadlab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.loadlab.core.Json;
import io.loadlab.core.host.HostFacts;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class CliTest {
    record Result(int exit, String out, String err) {}

    static Result run(String... args) {
        CommandLine cl = Main.commandLine();
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        int exit = cl.execute(args);
        return new Result(exit, out.toString(), err.toString());
    }

    @Test
    void helpListsEverySubcommand() {
        Result r = run("--help");
        assertThat(r.exit()).isZero();
        assertThat(r.out()).contains("run", "load", "serve", "backend", "report", "compare", "doctor", "findings");
    }

    @Test
    void everySubcommandHasHelp() {
        // picocli reports a description it cannot format (a bare % in it) on System.err, then prints it raw
        java.io.PrintStream systemErr = System.err;
        java.io.ByteArrayOutputStream warnings = new java.io.ByteArrayOutputStream();
        System.setErr(new java.io.PrintStream(warnings, true, java.nio.charset.StandardCharsets.UTF_8));
        try {
            for (String cmd :
                    new String[] {"run", "load", "serve", "backend", "report", "compare", "doctor", "findings"}) {
                Result r = run(cmd, "--help");
                assertThat(r.exit()).as(cmd).isZero();
                assertThat(r.out()).as(cmd).startsWith("Usage: loadlab " + cmd);
            }
        } finally {
            System.setErr(systemErr);
        }
        assertThat(warnings.toString(java.nio.charset.StandardCharsets.UTF_8)).doesNotContain("picocli WARN");
    }

    @Test
    void unknownSubcommandIsAUsageErrorWithoutStackTrace() {
        Result r = run("frobnicate");
        assertThat(r.exit()).isEqualTo(Main.EXIT_USAGE);
        assertThat(r.err())
                .contains("Unmatched argument")
                .contains("Usage: loadlab")
                .doesNotContain("Exception");
    }

    @Test
    void findingsChecksTheProjectsPagesAndRefusesADirectoryWithoutThem() {
        Result ok = run("findings", "--check", "--docs", "../docs");
        assertThat(ok.exit()).as(ok.out()).isZero();
        assertThat(ok.out()).contains("every table matches its results.json");
        Result bad = run("findings", "--docs", "/nonexistent");
        assertThat(bad.exit()).isEqualTo(Main.EXIT_USAGE);
        assertThat(bad.err()).contains("no findings.md in /nonexistent").doesNotContain("at io.loadlab");
    }

    @Test
    void unknownFlagIsAUsageErrorWithoutStackTrace() {
        Result r = run("doctor", "--frobnicate");
        assertThat(r.exit()).isEqualTo(Main.EXIT_USAGE);
        assertThat(r.err()).contains("Unknown option: '--frobnicate'").doesNotContain("at io.loadlab");
    }

    @Test
    void doctorPrintsTheLimitsTheCeilingAndItsFix() {
        Result r = run("doctor");
        HostFacts h = HostFacts.read();
        assertThat(r.exit()).isZero();
        assertThat(r.out())
                .contains(h.openFilesHard() + " hard")
                .contains(h.portLow() + "-" + h.portHigh())
                .contains("the binding limit is")
                .contains("Connection ceiling");
        // every status starts in the STATUS heading's column, however long a value (a JDK's path) is
        List<String> table = r.out()
                .lines()
                .dropWhile(l -> !l.contains("STATUS"))
                .takeWhile(l -> !l.isBlank())
                .toList();
        int column = table.get(0).indexOf("STATUS");
        assertThat(table).hasSizeGreaterThan(5);
        assertThat(table.subList(1, table.size()))
                .allSatisfy(l -> assertThat(l.substring(column)).matches("(OK|WARN|LIMIT|UNKNOWN)\\b.*"));
    }

    @Test
    void doctorJsonGivesTheCeilingAsTheSmallerOfFilesAndPorts() throws Exception {
        Result r = run("doctor", "--json");
        assertThat(r.exit()).isZero();
        JsonNode doc = Json.mapper().readTree(r.out());
        HostFacts h = HostFacts.read();
        long perProcess = h.openFilesHard() - 256;
        long ports = h.portHigh() - h.portLow() + 1;
        assertThat(doc.get("connection_ceiling").asLong()).isEqualTo(Math.min(perProcess, ports));
        assertThat(doc.get("binding_limit").asText()).isEqualTo(perProcess <= ports ? "open files" : "ephemeral ports");
        assertThat(doc.get("findings")).isNotEmpty();
    }
}
