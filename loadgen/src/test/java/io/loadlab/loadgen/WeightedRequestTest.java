package io.loadlab.loadgen;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

class WeightedRequestTest {
    @Test
    void aLineBreakInAHeaderValueCannotInjectAHeader() {
        assertThatThrownBy(() -> new WeightedRequest("r", 1, "GET", "/", Map.of("X-A", "b\r\nX-Injected: 1"), null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("header X-A: its value holds a line break");
        assertThatThrownBy(() -> WeightedRequest.checkHeader("X-A", "b\nc")).hasMessageContaining("line break");
        assertThatThrownBy(() -> WeightedRequest.checkHeader("X-A", "b\0")).hasMessageContaining("NUL");
    }

    @Test
    void methodsAndHeaderNamesAreTokens() {
        assertThatThrownBy(() -> new WeightedRequest("r", 1, "GE T", "/", null, null))
                .hasMessageStartingWith("method 'GE T' is not an HTTP token");
        assertThatThrownBy(() -> WeightedRequest.checkHeader("X A", "1"))
                .hasMessageStartingWith("header name 'X A' is not an HTTP token");
        assertThatThrownBy(() -> WeightedRequest.checkHeader("", "1")).hasMessageContaining("not an HTTP token");
        assertThatCode(() -> new WeightedRequest(
                        "r", 1, "M-SEARCH", "/", Map.of("X-Trace_Id.1", "a b\tc, é"), "body\r\nlines"))
                .doesNotThrowAnyException();
    }
}
