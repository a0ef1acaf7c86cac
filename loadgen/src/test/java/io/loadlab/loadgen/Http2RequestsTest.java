package io.loadlab.loadgen;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http2.DefaultHttp2HeadersDecoder;
import io.netty.handler.codec.http2.Http2Exception;
import io.netty.handler.codec.http2.Http2Headers;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The HTTP/2 frames of a request, read back with Netty's HPACK decoder. */
class Http2RequestsTest {
    private static final DataSet IDS = new DataSet("ids", List.of("id"), List.of(List.of("a")));

    private static RequestSpec post(String path, DataSet data) {
        return new RequestSpec(
                new WeightedRequest("post", 1, "POST", path, Map.of("X-A", "1"), "{\"a\":1}"),
                data,
                RequestSpec.Pick.RANDOM,
                0,
                data == null ? 0 : 1,
                null,
                null,
                null,
                null);
    }

    private static RequestPlan plan(RequestSpec r) {
        return new RequestPlan(
                LoadSpec.builder("http://localhost:8080/")
                        .threads(1)
                        .connections(1)
                        .http2(true)
                        .requests(List.of(r))
                        .build(),
                0,
                1,
                1);
    }

    /** A decoder whose table the server shrank to 0: it refuses a block that does not open with the update. */
    private static DefaultHttp2HeadersDecoder shrunk() throws Http2Exception {
        DefaultHttp2HeadersDecoder d = new DefaultHttp2HeadersDecoder(true);
        d.maxHeaderTableSize(0);
        return d;
    }

    @Test
    void aTableSizeUpdateOpensTheHeaderBlockAndLeavesBothFramesWhole() throws Exception {
        for (RequestSpec r : List.of(post("/items", null), post("/items/${id}", IDS))) {
            String path = r.data() == null ? "/items" : "/items/a";
            ByteBuf out = Unpooled.buffer();
            int body = plan(r).encodeHttp2(0, 3, true, out);
            assertThat(body).isEqualTo(7);
            int length = out.getUnsignedMedium(0);
            assertThat(out.getByte(3)).as("HEADERS").isEqualTo(Http2Frames.HEADERS);
            assertThat(out.getInt(5)).isEqualTo(3);
            assertThat(out.getByte(9)).as("a size update to 0 first").isEqualTo((byte) 0x20);
            Http2Headers h = shrunk().decodeHeaders(3, out.slice(9, length));
            assertThat(h.method().toString()).isEqualTo("POST");
            assertThat(h.path().toString()).isEqualTo(path);
            assertThat(h.authority().toString()).isEqualTo("localhost:8080");
            assertThat(h.get("x-a").toString()).isEqualTo("1");
            assertThat(h.get("content-length").toString()).isEqualTo("7");
            int data = 9 + length;
            assertThat(out.getUnsignedMedium(data)).isEqualTo(7);
            assertThat(out.getByte(data + 3)).as("DATA").isEqualTo(Http2Frames.DATA);
            assertThat(out.getInt(data + 5)).isEqualTo(3);
            assertThat(out.toString(data + 9, 7, StandardCharsets.UTF_8)).isEqualTo("{\"a\":1}");
            assertThat(out.readableBytes()).isEqualTo(data + 9 + 7);

            ByteBuf plain = Unpooled.buffer();
            plan(r).encodeHttp2(0, 5, false, plain);
            int plainLength = plain.getUnsignedMedium(0);
            assertThat(plainLength).isEqualTo(length - 1);
            assertThat(new DefaultHttp2HeadersDecoder(true)
                            .decodeHeaders(5, plain.slice(9, plainLength))
                            .path()
                            .toString())
                    .isEqualTo(path);
            assertThatThrownBy(() -> shrunk().decodeHeaders(5, plain.slice(9, plainLength)))
                    .as("without the update the shrunk decoder refuses the block")
                    .isInstanceOf(Http2Exception.class);
        }
    }
}
