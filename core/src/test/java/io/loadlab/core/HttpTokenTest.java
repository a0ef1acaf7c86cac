package io.loadlab.core;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class HttpTokenTest {
    @Test
    void lettersDigitsAndTheMarksMakeATokenNothingElseDoes() {
        assertThat(HttpToken.isToken("M-SEARCH")).isTrue();
        assertThat(HttpToken.isToken("X-Trace_Id.1~!#$%&'*+^`|")).isTrue();
        assertThat(HttpToken.isToken("")).isFalse();
        assertThat(HttpToken.isToken("GE T")).isFalse();
        assertThat(HttpToken.isToken("X(a)")).isFalse();
        assertThat(HttpToken.isToken("é")).isFalse();
        assertThat(HttpToken.isTokenChar((byte) 0xE9))
                .as("a byte above 0x7f, read signed")
                .isFalse();
        assertThat(HttpToken.isTokenChar(0)).isFalse();
    }
}
