package io.loadlab.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LineTailTest {
    @Test
    void eachCallReturnsTheLinesEndedSinceTheLastAndKeepsTheRest(@TempDir Path tmp) throws Exception {
        Path file = tmp.resolve("child.events.jsonl");
        LineTail tail = new LineTail(file);
        assertThat(tail.newLines()).as("no file yet").isEmpty();
        Files.writeString(file, "  first  \n\n{\"event\":\"rea");
        assertThat(tail.newLines()).containsExactly("first");
        assertThat(tail.newLines()).as("nothing new").isEmpty();
        append(file, "dy\"}\nlast".getBytes(StandardCharsets.UTF_8));
        assertThat(tail.newLines()).containsExactly("{\"event\":\"ready\"}");
        append(file, "\n".getBytes(StandardCharsets.UTF_8));
        assertThat(tail.newLines()).containsExactly("last");
    }

    @Test
    void aCharacterCutBetweenTwoReadsIsDecodedWhole(@TempDir Path tmp) throws Exception {
        Path file = tmp.resolve("server.log");
        LineTail tail = new LineTail(file);
        byte[] line = "Zürich 50 µs → ok\n".getBytes(StandardCharsets.UTF_8);
        // cut inside each multi-byte character in turn: ü (2 bytes), µ (2), → (3)
        int written = 0;
        StringBuilder seen = new StringBuilder();
        for (int cut : new int[] {2, 12, 16, line.length}) {
            byte[] part = Arrays.copyOfRange(line, written, cut);
            append(file, part);
            written = cut;
            tail.newLines().forEach(seen::append);
        }
        assertThat(seen.toString()).isEqualTo("Zürich 50 µs → ok");
    }

    private static void append(Path file, byte[] bytes) throws Exception {
        Files.write(file, bytes, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    }
}
