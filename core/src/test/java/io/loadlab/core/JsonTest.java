package io.loadlab.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.loadlab.core.result.ErrorCategory;
import io.loadlab.core.result.ErrorCounts;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JsonTest {
    @Test
    void writesSnakeCaseAtomicallyAndReadsBack(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("e.json");
        ErrorCounts written = ErrorCounts.of(new long[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11});
        Json.writeAtomically(f, written);
        assertThat(Files.readString(f))
                .contains("\"connect\" : 1")
                .contains("\"invalid_status_line\" : 7")
                .contains("\"invalid\" : 11");
        assertThat(Json.read(f, ErrorCounts.class)).isEqualTo(written);
        assertThat(written.total()).isEqualTo(66);
        assertThat(written.unanswered()).isEqualTo(60);
        try (var files = Files.list(dir)) {
            assertThat(files).containsExactly(f);
        }
    }

    @Test
    void ignoresFieldsItDoesNotKnow() throws Exception {
        ErrorCounts e = Json.read("{\"connect\":2,\"from_the_future\":true}", ErrorCounts.class);
        assertThat(e.get(ErrorCategory.CONNECT)).isEqualTo(2);
        assertThat(e.total()).isEqualTo(2);
    }
}
