package io.loadlab.loadgen;

import static org.assertj.core.api.Assertions.assertThat;

import io.loadlab.core.result.ErrorCategory;
import io.loadlab.core.unit.Duration;
import io.loadlab.core.unit.Rate;
import io.loadlab.transport.NettyTransport;
import java.net.InetSocketAddress;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * What a load thread sends, and when it counts it as sent, on made-up times and connections that only record what
 * they are given: no clock, no socket. The open model charges a request from its intended time however long it waited.
 */
class RequestDispatchTest {
    private static final long T0 = 1_000_000_000L;
    private static final long MS = 1_000_000L;

    /** A connection that takes every request it is given and answers none. */
    private static final class FakeConn extends Conn {
        FakeConn(Worker worker, int slot, int fixedRequest, int streams) {
            super(worker, slot, fixedRequest, streams);
        }

        @Override
        void send(int k, int request, long intended, long now, long deadline, RequestPlan plan) {
            begin(k, request, intended, now, deadline);
        }

        @Override
        boolean abandon(int k) {
            return false;
        }

        @Override
        boolean accepting() {
            return true;
        }
    }

    private Worker worker;
    private WindowRecorder recorder;
    private RequestDispatch dispatch;

    private RequestDispatch dispatch(LoadSpec spec) {
        worker = new Worker(
                0,
                spec,
                NettyTransport.NIO,
                null,
                new InetSocketAddress("127.0.0.1", 1),
                null,
                () -> T0,
                ProgressListener.NONE);
        RequestPlan plan = new RequestPlan(spec, 0, 1, spec.connections());
        // no more connections than the test's own: the dispatch never opens one
        Connections connections = new Connections(worker, null, null, null, spec, 0, null, spec.connections(), 0, plan);
        recorder = new WindowRecorder(plan, spec, spec.connections());
        recorder.window(T0, T0 + 1_000 * MS);
        recorder.opened();
        dispatch = new RequestDispatch(worker, connections, plan, recorder, spec);
        return dispatch;
    }

    @AfterEach
    void stop() throws InterruptedException {
        if (worker != null) {
            worker.stop();
            assertThat(worker.awaitTermination(10_000)).isTrue();
        }
    }

    private static LoadSpec.Builder spec() {
        return LoadSpec.builder("http://127.0.0.1:1/").threads(1).connections(2).timeout(Duration.ofMillis(100));
    }

    private static RequestSpec request(String name) {
        return new RequestSpec(
                new WeightedRequest(name, 1, "GET", "/" + name, null, null),
                null,
                RequestSpec.Pick.RANDOM,
                0,
                0,
                null,
                null,
                null,
                null);
    }

    @Test
    void theClosedModelSendsAtOnceOnEveryFreeStreamEachConnectionCyclingItsSequence() {
        RequestDispatch d =
                dispatch(spec().requests(List.of(request("a"), request("b"))).build());
        FakeConn h2 = new FakeConn(worker, 0, -1, 3);
        d.offer(h2, T0);
        assertThat(h2.inFlight).as("every stream carries one").isEqualTo(3);
        assertThat(h2.request).containsExactly(0, 1, 0);
        assertThat(h2.intended).as("intended when sent").containsOnly(T0);
        h2.end(1);
        assertThat(d.sendNextOrPark(h2, 1, T0 + 5 * MS)).isTrue();
        assertThat(h2.request[1]).isEqualTo(1);
        assertThat(h2.intended[1]).isEqualTo(T0 + 5 * MS);

        FakeConn fixed = new FakeConn(worker, 1, 1, 1);
        d.offer(fixed, T0);
        fixed.end(0);
        d.offer(fixed, T0 + MS);
        assertThat(fixed.request[0])
                .as("a connection with a fixed request sends only it")
                .isEqualTo(1);
    }

    @Test
    void aRefusedRequestIsSentAgainFirstItsLatencyRunningFromItsIntendedTime() {
        RequestDispatch d = dispatch(spec().build());
        FakeConn c = new FakeConn(worker, 0, -1, 1);
        d.offer(c, T0);
        d.requeue(c, 0);
        assertThat(d.waiting()).isOne();
        assertThat(c.inFlight).isZero();
        d.offer(c, T0 + 7 * MS);
        assertThat(d.waiting()).isZero();
        assertThat(c.intended[0]).isEqualTo(T0);
        assertThat(c.sent[0]).isEqualTo(T0 + 7 * MS);
    }

    @Test
    void theOpenModelSendsWhatIsDueOnTheConnectionFreedLastAndQueuesTheRestAtTheirIntendedTimes() {
        RequestDispatch d =
                dispatch(spec().maxConnections(2).rate(Rate.perSecond(1000)).build());
        FakeConn a = new FakeConn(worker, 0, -1, 1);
        FakeConn b = new FakeConn(worker, 1, -1, 1);
        d.startPacing(new Pacer(T0, Long.MAX_VALUE, 1000, 0));
        d.offer(a, T0 - MS);
        d.offer(b, T0 - MS);
        assertThat(a.inFlight + b.inFlight)
                .as("nothing due yet: both wait among the idle")
                .isZero();

        // the loop woke 4 ms late: five requests fell due, one every millisecond
        assertThat(d.sendDue(T0 + 4 * MS)).as("the next falls due").isEqualTo(T0 + 5 * MS);
        assertThat(b.intended[0]).as("b was freed last").isEqualTo(T0);
        assertThat(b.sent[0]).isEqualTo(T0 + 4 * MS);
        assertThat(a.intended[0]).isEqualTo(T0 + MS);
        assertThat(d.waiting()).isEqualTo(3);
        assertThat(recorder.delayed).isEqualTo(3);

        a.end(0);
        assertThat(d.sendNextOrPark(a, 0, T0 + 10 * MS)).isTrue();
        assertThat(a.intended[0]).as("the oldest waiting goes first").isEqualTo(T0 + 2 * MS);
        assertThat(a.sent[0]).isEqualTo(T0 + 10 * MS);

        // the timeout (100 ms) also bounds the wait for a connection
        d.timeOutWaiting(T0 + 103 * MS);
        assertThat(d.waiting()).isOne();
        assertThat(recorder.recorders[0].errors[ErrorCategory.TIMEOUT.ordinal()])
                .isOne();

        // the window closes at 20.5 ms: the one still waiting and the 16 due since 5 ms are unfinished, never dropped
        assertThat(recorder.close(T0 + 20 * MS + MS / 2)).isTrue();
        d.recordNeverSent();
        assertThat(recorder.recorders[0].unfinished).isEqualTo(17);
        assertThat(recorder.recorders[0].oldestUnfinished).isEqualTo(16 * MS + MS / 2);
    }

    @Test
    void aStoppedThreadSendsNothing() throws InterruptedException {
        RequestDispatch d = dispatch(spec().build());
        worker.stop();
        assertThat(worker.awaitTermination(10_000)).isTrue();
        FakeConn c = new FakeConn(worker, 0, -1, 1);
        d.offer(c, T0);
        assertThat(c.inFlight).isZero();
        assertThat(d.sendNextOrPark(c, 0, T0)).isFalse();
    }
}
