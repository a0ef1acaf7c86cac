package io.loadlab.core.profile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.loadlab.core.result.ServerProfile;
import java.util.List;
import org.junit.jupiter.api.Test;

class FramesTest {
    private static final List<String> NETTY = List.of(
            "start_thread;io/netty/Loop.run_[j];io/netty/Channel.write_[i];__send;tcp_sendmsg_[k] 60",
            "start_thread;io/netty/Loop.run_[j];io/netty/Json.encode_[j] 30",
            "start_thread;G1YoungCollector::collect 10");

    @Test
    void aFrameGetsTheSamplesThatEndedInItAndItsKindFromTheSuffix() {
        Frames f = Frames.parse(NETTY);
        assertThat(f.samples()).isEqualTo(100);
        assertThat(f.top(5))
                .containsExactly(
                        new ServerProfile.Frame("tcp_sendmsg", "kernel", 60, 0.6),
                        new ServerProfile.Frame("io/netty/Json.encode", "java", 30, 0.3),
                        new ServerProfile.Frame("G1YoungCollector::collect", "native", 10, 0.1));
        assertThat(f.top(1)).hasSize(1);
        assertThat(f.selfTime())
                .containsExactly(
                        java.util.Map.entry("java", 0.3),
                        java.util.Map.entry("native", 0.1),
                        java.util.Map.entry("kernel", 0.6));
    }

    @Test
    void theSameLeafFromDifferentStacksAddsUpAndMalformedLinesAreSkipped() {
        Frames f = Frames.parse(List.of("a;b;leaf_[i] 3", "c;leaf_[i] 4", "garbage", "x;y notanumber", ""));
        assertThat(f.samples()).isEqualTo(7);
        assertThat(f.top(5)).containsExactly(new ServerProfile.Frame("leaf", "inlined", 7, 1.0));
    }

    @Test
    void changesRankTheFramesWhoseShareMovedMost() {
        Frames a = Frames.parse(NETTY);
        Frames b = Frames.parse(List.of(
                "start_thread;Worker.run_[j];poll;do_sys_poll_[k] 50",
                "start_thread;Worker.run_[j];__send;tcp_sendmsg_[k] 40",
                "start_thread;io/netty/Json.encode_[j] 10"));
        List<Frames.Change> c = Frames.changes(a, b, 3);
        assertThat(c)
                .extracting(Frames.Change::name)
                .containsExactly("do_sys_poll", "io/netty/Json.encode", "tcp_sendmsg");
        assertThat(c.get(0).delta()).isEqualTo(0.5);
        assertThat(c.get(1).delta()).isCloseTo(-0.2, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(c.get(0).kind()).isEqualTo("kernel");
    }

    @Test
    void anAllocationProfileNamesEveryLeafAClassAllocatedWhateverItsSuffix() {
        Frames f = Frames.parse(List.of("a;b;byte[]_[i] 3", "c;String_[k] 1")).asAllocations();
        assertThat(f.samples()).isEqualTo(4);
        assertThat(f.top(5))
                .extracting(ServerProfile.Frame::name, ServerProfile.Frame::kind, ServerProfile.Frame::share)
                .containsExactly(
                        tuple("byte[]", ServerProfile.ALLOCATED, 0.75), tuple("String", ServerProfile.ALLOCATED, 0.25));
        assertThat(Frames.changes(f, Frames.parse(List.of("x;Map_[i] 1")).asAllocations(), 5))
                .extracting(Frames.Change::kind)
                .containsOnly(ServerProfile.ALLOCATED);
    }

    @Test
    void anEmptyProfileHasNoSharesButDoesNotDivideByZero() {
        Frames f = Frames.parse(List.of());
        assertThat(f.samples()).isZero();
        assertThat(f.top(5)).isEmpty();
        assertThat(f.share("x")).isZero();
        assertThat(f.selfTime().values()).containsOnly(0.0);
    }
}
