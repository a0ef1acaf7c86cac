package io.loadlab.lab.validate;

import static org.assertj.core.api.Assertions.assertThat;

import io.loadlab.core.result.ValidationResult;
import io.loadlab.lab.spec.ScenarioKind;
import io.loadlab.lab.spec.ScenarioSpec;
import io.loadlab.testkit.HostileServer;
import java.nio.charset.StandardCharsets;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import org.junit.jupiter.api.Test;

/**
 * A user's server whose status reason, headers and body carry terminal escapes ({@code ESC]0;title BEL ESC[2J}) and
 * markup: the gate's reason quotes what it got with every control character escaped, so printing it cannot retitle
 * or clear the user's terminal.
 */
class HostileAnswerTest {
    static final String ESCAPES = "\u001b]0;title\u0007\u001b[2J\u009b";
    static final String MARKUP = "<script>alert(1)</script>";

    /** An HTTP/1.1 answer whose reason phrase carries {@link #ESCAPES}, with {@code extraHeaders} ("Name: value\r\n"). */
    static String answer(int status, String contentType, String extraHeaders, String body) {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        return "HTTP/1.1 " + status + " Oops" + ESCAPES + "\r\n"
                + "Content-Type: " + contentType + "\r\n"
                + extraHeaders
                + "Date: " + DateTimeFormatter.RFC_1123_DATE_TIME.format(ZonedDateTime.now(ZoneOffset.UTC)) + "\r\n"
                + "Content-Length: " + bytes.length + "\r\n\r\n"
                + new String(bytes, StandardCharsets.ISO_8859_1);
    }

    private static String reason(String answer) throws Exception {
        try (HostileServer s = new HostileServer((socket, out) -> HostileServer.write(out, answer))) {
            ValidationResult r =
                    new Validator(s.url(), false).validate(ScenarioSpec.of(ScenarioKind.parse("json")), null, null);
            assertThat(r.passed()).isFalse();
            return r.failure();
        }
    }

    private static void assertInert(String text) {
        assertThat(text.chars().filter(c -> c < 0x20 || (c >= 0x7f && c <= 0x9f)))
                .as(text)
                .isEmpty();
    }

    @Test
    void aBadStatusQuotesTheBodyEscaped() throws Exception {
        String r = reason(answer(500, "text/html", "", MARKUP + ESCAPES + "\r\nmore"));
        assertInert(r);
        assertThat(r).contains("got 500", MARKUP, "\\x1b]0;title\\x07\\x1b[2J\\x9b", "\\r more");
    }

    @Test
    void aHeaderTheClientRefusesIsQuotedEscaped() throws Exception {
        String r = reason(answer(200, "application/json", "X-Hostile: x" + ESCAPES + MARKUP + "\r\n", "{}"));
        assertInert(r);
        assertThat(r).contains("X-Hostile", "\\x1b]0;title\\x07\\x1b[2J");
    }

    @Test
    void aBadContentTypeQuotesTheHeaderEscaped() throws Exception {
        String r = reason(answer(200, "text/html" + ESCAPES, "", "{}"));
        assertInert(r);
        assertThat(r).contains("Content-Type", "\\x1b]0;title\\x07");
    }

    @Test
    void aBadBodyQuotesItEscaped() throws Exception {
        String r = reason(answer(200, "application/json", "", "{\"message\":\"" + ESCAPES + MARKUP + "\"}"));
        assertInert(r);
        assertThat(r).contains("body is", "\\x1b]0;title\\x07\\x1b[2J", MARKUP);
    }
}
