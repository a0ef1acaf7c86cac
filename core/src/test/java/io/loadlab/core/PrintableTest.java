package io.loadlab.core;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PrintableTest {
    @Test
    void terminalEscapesBecomeVisibleText() {
        assertThat(Printable.escape("\u001b]0;title\u0007\u001b[2J")).isEqualTo("\\x1b]0;title\\x07\\x1b[2J");
        assertThat(Printable.escape("a\rb\u0000c\u007fd\u009be\u202ef")).isEqualTo("a\\rb\\x00c\\x7fd\\x9be\\u202ef");
    }

    @Test
    void printableUnicodeNewlinesAndTabsAreKept() {
        String text = "héllo → 世界 <b>&amp;</b>\n\tnext…";
        assertThat(Printable.escape(text)).isSameAs(text);
        assertThat(Printable.escape(null)).isNull();
    }

    @Test
    void oneLineJoinsLinesWithSpaces() {
        assertThat(Printable.oneLine("a\r\nb\nc\td\u001b")).isEqualTo("a b c d\\x1b");
    }
}
