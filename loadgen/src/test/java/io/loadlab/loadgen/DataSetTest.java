package io.loadlab.loadgen;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DataSetTest {
    @TempDir
    Path dir;

    @Test
    void readsQuotedEscapedAndTrimmedFieldsAndSkipsBlankLines() throws Exception {
        Path f = dir.resolve("p.csv");
        Files.writeString(f, "name, note\n\nann , \"a, b\"\n\"say \"\"hi\"\"\",x\n   \n");
        DataSet d = DataSet.csv("p", f);
        assertThat(d.fields()).containsExactly("name", "note");
        assertThat(d.rows()).containsExactly(List.of("ann", "a, b"), List.of("say \"hi\"", "x"));
    }

    @Test
    void aRowOfTheWrongWidthNamesItsLine() throws Exception {
        Path f = dir.resolve("p.csv");
        Files.writeString(f, "a,b\n1,2\n\n3\n");
        assertThatThrownBy(() -> DataSet.csv("p", f))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(
                        "CSV data set 'p' row 2 (after the header, blank lines not counted) has 1 fields, the header has 2");
    }

    @Test
    void aHeaderWithoutRowsIsRefused() throws Exception {
        Path f = dir.resolve("p.csv");
        Files.writeString(f, "a,b\n");
        assertThatThrownBy(() -> DataSet.csv("p", f)).hasMessageContaining("has no rows");
        Files.writeString(f, "\n");
        assertThatThrownBy(() -> DataSet.csv("p", f)).hasMessageContaining("has no header row");
    }
}
