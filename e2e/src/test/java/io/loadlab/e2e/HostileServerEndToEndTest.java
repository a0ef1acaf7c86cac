package io.loadlab.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import io.loadlab.core.result.TrialResult;
import io.loadlab.testkit.HostileServer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code loadlab run --server-url} against a server whose status reason and body carry terminal escapes
 * ({@code ESC]0;title BEL ESC[2J}) and markup: the gate refuses it, and neither loadlab's output nor the reason in
 * its results.json holds a control character; the HTML report quotes the markup inert. (Headers: the JDK's client
 * refuses control bytes in them, and HostileAnswerTest checks that its refusal is quoted escaped.)
 */
class HostileServerEndToEndTest {
    private static final String ESCAPES = "\u001b]0;title\u0007\u001b[2J\u009b";
    private static final String MARKUP = "<script>alert(1)</script>";

    private static String answer() {
        String body = "{\"message\":\"" + ESCAPES + MARKUP + "\"}\r\n";
        return "HTTP/1.1 500 Oops" + ESCAPES + "\r\n"
                + "Content-Type: application/json\r\n"
                + "Date: " + DateTimeFormatter.RFC_1123_DATE_TIME.format(ZonedDateTime.now(ZoneOffset.UTC)) + "\r\n"
                + "Content-Length: " + body.getBytes(StandardCharsets.ISO_8859_1).length + "\r\n\r\n"
                + body;
    }

    /** Characters a terminal acts on: C0 controls other than newline and tab, DEL and the C1 controls. */
    private static void assertNoControl(String what, String text) {
        assertThat(text.chars().filter(c -> (c < 0x20 && c != '\n' && c != '\t') || (c >= 0x7f && c <= 0x9f)))
                .as(what + ":\n" + text)
                .isEmpty();
    }

    @Test
    void aServerAnsweringWithTerminalEscapesLeavesNoControlCharacterInTheOutput(@TempDir Path tmp) throws Exception {
        try (HostileServer server = new HostileServer((s, out) -> HostileServer.write(out, answer()))) {
            String url = server.url().replaceAll("/$", "");
            LabRun r = LabRun.run(
                    tmp.resolve("results"),
                    120,
                    List.of("run", "--server-url", url, "--scenario", "json", "-c", "1", "-w", "1s", "-d", "1s"));
            byte[] raw = Files.readAllBytes(r.output);
            String out = new String(raw, StandardCharsets.UTF_8);
            assertThat(r.process.exitValue()).as(out).isEqualTo(1);
            assertNoControl("loadlab's output", out);
            assertThat(out).contains("APP_BROKEN", "\\x1b]0;title\\x07\\x1b[2J");
            TrialResult t = r.suiteResults().trials().get(0);
            assertNoControl("the gate's reason in results.json", t.validation().failure());
            Path dir = r.suiteDir();
            assertNoControl("results.json", Files.readString(dir.resolve("results.json")));
            String html = Files.readString(dir.resolve("report.html"));
            assertThat(html).doesNotContain(MARKUP).doesNotContain("\u001b");
        }
    }
}
