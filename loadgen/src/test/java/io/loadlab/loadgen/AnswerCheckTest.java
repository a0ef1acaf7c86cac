package io.loadlab.loadgen;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class AnswerCheckTest {
    private static boolean carries(String body, String value) {
        byte[] b = body.getBytes(StandardCharsets.UTF_8);
        return AnswerCheck.carries(
                b, b.length, "\"zip\"".getBytes(StandardCharsets.UTF_8), value.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void aRowCarriesItsZipWhateverTheSpacingAndOrder() {
        assertThat(carries("{\"zip\":\"12345\",\"city\":\"x\"}", "12345")).isTrue();
        assertThat(carries("{\"city\":\"x\", \"zip\" : \"12345\"}", "12345")).isTrue();
        assertThat(carries("{\n  \"zip\": \"12345\"\n}", "12345")).isTrue();
    }

    @Test
    void anotherZipsRowOrAPrefixIsNotTheAnswer() {
        assertThat(carries("{\"zip\":\"54321\",\"city\":\"x\"}", "12345")).isFalse();
        assertThat(carries("{\"zip\":\"123456\"}", "12345")).isFalse();
        assertThat(carries("{\"city\":\"12345\"}", "12345")).isFalse();
        assertThat(carries("{\"zipcode\":\"12345\"}", "12345")).isFalse();
        assertThat(carries("{\"zip\":\"1234", "12345")).as("cut short").isFalse();
    }
}
