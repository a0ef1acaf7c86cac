package io.loadlab.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.loadlab.core.result.ErrorCounts;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JsonTest {
    @Test
    void writesSnakeCaseAtomicallyAndReadsBack(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("e.json");
        Json.writeAtomically(f, new ErrorCounts(1, 2, 3, 4, 5, 6));
        assertThat(Files.readString(f)).contains("\"connect\" : 1").contains("\"invalid\" : 6");
        assertThat(Json.read(f, ErrorCounts.class).total()).isEqualTo(21);
        try (var files = Files.list(dir)) {
            assertThat(files).containsExactly(f);
        }
    }

    @Test
    void ignoresFieldsItDoesNotKnow() throws Exception {
        ErrorCounts e = Json.read("{\"connect\":2,\"from_the_future\":true}", ErrorCounts.class);
        assertThat(e.connect()).isEqualTo(2);
    }
}
