package io.loadlab.testkit.contract;

import static org.assertj.core.api.Assertions.assertThat;

import io.loadlab.core.ContractLimits;
import io.loadlab.testkit.RawHttp;
import java.net.http.HttpHeaders;
import java.net.http.HttpResponse;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;

/** The headers every answer of every model must carry, checked the same way for every response a test reads. */
public final class ContractAssertions {
    private ContractAssertions() {}

    public static void headers(RawHttp.Response r, String contentType) {
        assertThat(r.header("Server")).as("Server").isEqualTo(ContractLimits.SERVER_HEADER);
        freshDate(r.header("Date"));
        assertThat(r.header("Content-Type")).as("Content-Type").startsWith(contentType);
        assertThat(r.header("Content-Length")).as("Content-Length").isEqualTo(String.valueOf(r.body().length));
    }

    public static void headers(HttpResponse<byte[]> r, String contentType) {
        HttpHeaders h = r.headers();
        assertThat(h.firstValue("Server")).as("Server").hasValue(ContractLimits.SERVER_HEADER);
        freshDate(h.firstValue("Date").orElse(null));
        assertThat(h.firstValue("Content-Type"))
                .as("Content-Type")
                .hasValueSatisfying(v -> assertThat(v).startsWith(contentType));
        assertThat(h.firstValue("Content-Length")).as("Content-Length").hasValue(String.valueOf(r.body().length));
    }

    private static void freshDate(String date) {
        assertThat(date).as("Date").isNotNull();
        ZonedDateTime d = ZonedDateTime.parse(date, DateTimeFormatter.RFC_1123_DATE_TIME);
        long age = Math.abs(System.currentTimeMillis() - d.toInstant().toEpochMilli());
        assertThat(age).as("Date age in ms: " + date).isLessThan(5_000);
    }
}
