package io.loadlab.backend;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.channel.DefaultEventLoop;
import io.netty.channel.EventLoop;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class DelayLineTest {
    private final EventLoop loop = new DefaultEventLoop();

    @AfterEach
    void stop() {
        loop.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }

    /** One entry: when it was added, its delay, and when it ran (0 until then). */
    private static final class Entry extends DelayLine.Due {
        final long added = System.nanoTime();
        final long delayNanos;
        final List<Entry> ran;
        final CountDownLatch done;
        long at;

        Entry(long delayMs, List<Entry> ran, CountDownLatch done) {
            this.delayNanos = TimeUnit.MILLISECONDS.toNanos(delayMs);
            this.ran = ran;
            this.done = done;
        }

        @Override
        public void run() {
            at = System.nanoTime();
            ran.add(this);
            done.countDown();
        }
    }

    @Test
    void runsEachNoSoonerThanItsDelayAndInDueOrderAcrossDelays() throws Exception {
        long[] delays = {30, 5, 30, 0, 15, 5, 30, 1, 15, 0};
        List<Entry> ran = new ArrayList<>();
        List<Entry> added = new ArrayList<>();
        CountDownLatch done = new CountDownLatch(delays.length * 3);
        DelayLine line = new DelayLine();
        for (int round = 0; round < 3; round++) {
            loop.submit(() -> {
                        for (long d : delays) {
                            Entry e = new Entry(d, ran, done);
                            added.add(e);
                            line.add(loop, e.delayNanos, e);
                        }
                    })
                    .sync();
            Thread.sleep(2); // later rounds are due later than the earlier ones of the same delay
        }
        assertThat(done.await(5, TimeUnit.SECONDS)).isTrue();
        List<Entry> all = loop.submit(() -> new ArrayList<>(ran)).get();
        assertThat(all).hasSize(added.size()).containsExactlyInAnyOrderElementsOf(added);
        for (Entry e : all) {
            assertThat(e.at - e.added).as("ran before its delay").isGreaterThanOrEqualTo(e.delayNanos);
        }
        for (int i = 1; i < all.size(); i++) {
            Entry a = all.get(i - 1);
            Entry b = all.get(i);
            if (a.delayNanos == b.delayNanos) {
                assertThat(b.due - a.due).as("one delay's entries in order").isGreaterThanOrEqualTo(0);
            }
        }
    }
}
