package io.loadlab.core;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class YamlProblemTest {
    @Test
    void keepsTheWordsAndTheProblemsPositionAndDropsTheSnippets() {
        String snake = "while parsing a block collection\n"
                + " in 'reader', line 3, column 3:\n"
                + "      - name: a\n"
                + "      ^\n"
                + "expected <block end>, but found '<block mapping start>'\n"
                + " in 'reader', line 4, column 4:\n"
                + "       scenario: {type: json}\n"
                + "       ^\n";

        YamlProblem p = YamlProblem.of(snake);

        assertThat(p.line()).isEqualTo(4);
        assertThat(p.column()).isEqualTo(4);
        assertThat(p.text())
                .isEqualTo("while parsing a block collection: expected <block end>, but found '<block mapping start>'");
        assertThat(p.toString()).doesNotContain("\n").startsWith("line 4, column 4: while parsing");
    }

    @Test
    void aMarkWithoutASnippetAndAMessageWithoutAMarkStayReadable() {
        YamlProblem bare = YamlProblem.of("mapping values are not allowed here\n in 'reader', line 2, column 6:\n");
        assertThat(bare).isEqualTo(new YamlProblem(2, 6, "mapping values are not allowed here"));

        YamlProblem plain = YamlProblem.of("Unexpected end-of-input");
        assertThat(plain).isEqualTo(new YamlProblem(0, 0, "Unexpected end-of-input"));
        assertThat(plain.toString()).isEqualTo("Unexpected end-of-input");
        assertThat(YamlProblem.of(null).text()).isEqualTo("unreadable");
    }
}
