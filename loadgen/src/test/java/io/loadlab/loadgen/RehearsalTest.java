package io.loadlab.loadgen;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.management.GarbageCollectionNotificationInfo;
import io.loadlab.core.result.IntervalStats;
import io.loadlab.core.unit.Duration;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import javax.management.NotificationEmitter;
import javax.management.NotificationListener;
import javax.management.openmbean.CompositeData;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The warm-up rehearses the collector's work on made-up intervals of stand-in recorders, and collects the garbage once
 * at its first second; none of it reaches the window's figures, its log or its listener's intervals.
 */
class RehearsalTest {
    @Test
    void theWarmUpRehearsesEachIntervalAndTheWindowKeepsOnlyItsOwn(@TempDir Path dir) throws Exception {
        Path hlog = dir.resolve("run.hlog");
        List<String> heard = Collections.synchronizedList(new ArrayList<>());
        ProgressListener listener = new ProgressListener() {
            @Override
            public void measuring() {
                heard.add("measuring");
            }

            @Override
            public void interval(IntervalStats s) {
                heard.add("interval");
            }

            @Override
            public void rehearse(IntervalStats s) {
                heard.add("rehearse " + s.requests());
            }
        };
        AtomicInteger asked = new AtomicInteger();
        NotificationListener gcs = (n, handback) -> {
            if (n.getType().equals(GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION)
                    && GarbageCollectionNotificationInfo.from((CompositeData) n.getUserData())
                            .getGcCause()
                            .equals("System.gc()")) {
                asked.incrementAndGet();
            }
        };
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            ((NotificationEmitter) gc).addNotificationListener(gcs, null, null);
        }
        LoadResult r;
        try (TestHttpServer server = new TestHttpServer(t -> 0)) {
            r = LoadGenerator.runWithHistograms(
                    LoadSpec.builder(server.url("/"))
                            .threads(2)
                            .connections(4)
                            .warmup(Duration.ofMillis(2500))
                            .duration(Duration.ofSeconds(2))
                            .hlog(hlog)
                            .build(),
                    listener,
                    WarmupGate.NONE);
        } finally {
            for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
                ((NotificationEmitter) gc).removeNotificationListener(gcs);
            }
        }
        // a collection that collects both generations may notify once per generation
        assertThat(asked.get()).as("the garbage collected once, in the warm-up").isBetween(1, 2);
        // a 2.5 s warm-up passes two intervals' ends; each rehearsal collects the 120 made-up values of its one
        // stand-in, whatever the server answered
        assertThat(heard)
                .as("the listener hears the window's intervals only after measuring starts")
                .containsExactly("rehearse 120", "rehearse 120", "measuring", "interval", "interval");
        long logged = 0;
        int histograms = 0;
        HistogramLogReader reader = new HistogramLogReader(hlog.toFile());
        for (EncodableHistogram h; (h = reader.nextIntervalHistogram()) != null; ) {
            logged += ((Histogram) h).getTotalCount();
            histograms++;
        }
        assertThat(histograms).as("two seconds and the window's tail").isEqualTo(3);
        assertThat(logged)
                .as("the log holds exactly the run's latencies")
                .isEqualTo(r.latency().getTotalCount())
                .isEqualTo(r.report().requests() + r.report().unfinished().count());
        assertThat(r.report().intervals().stream()
                        .mapToLong(IntervalStats::requests)
                        .sum())
                .isEqualTo(r.report().requests());
    }

    @Test
    void onlyARehearsalsCollectorRecordsIntoItsRecorders() {
        LoadSpec spec = LoadSpec.builder("http://127.0.0.1:1/")
                .threads(1)
                .connections(1)
                .build();
        RequestPlan plan = new RequestPlan(spec, 0, 1, 1);
        WindowRecorder[] live = {new WindowRecorder(plan, spec, 1)};
        try (IntervalCollector window = new IntervalCollector(live, new String[] {"GET /"}, false, null)) {
            assertThatThrownBy(() -> window.rehearse(0, 1, ProgressListener.NONE))
                    .isInstanceOf(IllegalStateException.class);
        }
    }
}
