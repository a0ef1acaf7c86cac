package io.loadlab.servers.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;
import org.junit.jupiter.api.Test;

/** The pool on one thread with a fake connector whose opens the test completes by hand. */
class LoopConnectionPoolTest {
    /** A connection of the fake connector. */
    static final class Conn {
        final int id;
        boolean open = true;

        Conn(int id) {
            this.id = id;
        }
    }

    /** Records opens; the test decides when each succeeds or fails. */
    static final class FakeConnector implements LoopConnectionPool.Connector<Conn> {
        final List<BiConsumer<Conn, Throwable>> pending = new ArrayList<>();
        int opened;

        @Override
        public void open(BiConsumer<Conn, Throwable> done) {
            pending.add(done);
        }

        @Override
        public boolean isOpen(Conn c) {
            return c.open;
        }

        Conn succeed() {
            Conn c = new Conn(++opened);
            pending.remove(0).accept(c, null);
            return c;
        }

        void fail() {
            pending.remove(0).accept(null, new IOException("refused"));
        }
    }

    /** A call that records what it got. */
    static final class Call implements LoopConnectionPool.Borrower<Conn> {
        Conn got;
        Throwable failure;

        @Override
        public void acquired(Conn c) {
            got = c;
        }

        @Override
        public void failed(Throwable cause) {
            failure = cause;
        }
    }

    private final FakeConnector connector = new FakeConnector();

    @Test
    void reusesAReleasedConnectionInsteadOfOpeningAnother() {
        LoopConnectionPool<Conn> pool = new LoopConnectionPool<>(connector, 10);
        Call first = new Call();
        pool.acquire(first);
        connector.succeed();
        pool.release(first.got);

        Call second = new Call();
        assertThat(pool.acquire(second)).isNull();
        assertThat(second.got).isSameAs(first.got);
        assertThat(connector.pending).isEmpty();
        assertThat(pool.connections()).isEqualTo(1);
    }

    @Test
    void opensNoMoreThanMaxAndServesWaitingCallsInOrder() {
        LoopConnectionPool<Conn> pool = new LoopConnectionPool<>(connector, 2);
        Call a = new Call();
        Call b = new Call();
        Call c = new Call();
        Call d = new Call();
        pool.acquire(a);
        pool.acquire(b);
        assertThat(pool.acquire(c)).isNotNull();
        assertThat(pool.acquire(d)).isNotNull();
        assertThat(connector.pending).hasSize(2);
        connector.succeed();
        connector.succeed();
        assertThat(pool.connections()).isEqualTo(2);

        pool.release(b.got);
        assertThat(c.got).isSameAs(b.got);
        assertThat(d.got).isNull();
        pool.release(a.got);
        assertThat(d.got).isSameAs(a.got);
        assertThat(connector.pending).isEmpty();
    }

    @Test
    void aClosedConnectionLetsTheNextWaitingCallOpenOne() {
        LoopConnectionPool<Conn> pool = new LoopConnectionPool<>(connector, 1);
        Call a = new Call();
        Call b = new Call();
        pool.acquire(a);
        connector.succeed();
        pool.acquire(b);
        a.got.open = false;
        pool.closed(a.got);

        assertThat(connector.pending).hasSize(1);
        Conn fresh = connector.succeed();
        assertThat(b.got).isSameAs(fresh);
        assertThat(pool.connections()).isEqualTo(1);
    }

    @Test
    void aCancelledCallIsSkippedAndAFailedOpenFreesItsPlace() {
        LoopConnectionPool<Conn> pool = new LoopConnectionPool<>(connector, 1);
        Call a = new Call();
        Call b = new Call();
        Call c = new Call();
        pool.acquire(a);
        LoopConnectionPool.Ticket<Conn> tb = pool.acquire(b);
        pool.acquire(c);
        assertThat(tb.cancel()).isTrue();

        connector.fail();
        assertThat(a.failure).hasMessage("refused");
        assertThat(connector.pending).hasSize(1); // opened for c, b having given up
        Conn conn = connector.succeed();
        assertThat(c.got).isSameAs(conn);
        assertThat(b.got).isNull();
        assertThat(b.failure).isNull();
    }

    @Test
    void aServedCallCannotBeCancelled() {
        LoopConnectionPool<Conn> pool = new LoopConnectionPool<>(connector, 1);
        Call a = new Call();
        Call b = new Call();
        pool.acquire(a);
        connector.succeed();
        LoopConnectionPool.Ticket<Conn> tb = pool.acquire(b);
        pool.release(a.got);
        assertThat(tb.cancel()).isFalse();
        assertThat(b.got).isSameAs(a.got);
    }

    @Test
    void anIdleConnectionThatClosedIsNotHandedOut() {
        LoopConnectionPool<Conn> pool = new LoopConnectionPool<>(connector, 2);
        Call a = new Call();
        pool.acquire(a);
        connector.succeed();
        pool.release(a.got);
        a.got.open = false;
        pool.closed(a.got);

        Call b = new Call();
        pool.acquire(b);
        assertThat(b.got).isNull();
        assertThat(connector.succeed()).isSameAs(b.got);
    }

    @Test
    void opensThatFailAtOnceFailEveryWaitingCallWithoutRecursion() {
        boolean[] refuse = {false};
        LoopConnectionPool.Connector<Conn> connector = new LoopConnectionPool.Connector<>() {
            @Override
            public void open(BiConsumer<Conn, Throwable> done) {
                if (refuse[0]) {
                    done.accept(null, new IOException("Too many open files"));
                } else {
                    done.accept(new Conn(1), null);
                }
            }

            @Override
            public boolean isOpen(Conn c) {
                return c.open;
            }
        };
        LoopConnectionPool<Conn> pool = new LoopConnectionPool<>(connector, 1);
        Call holder = new Call();
        pool.acquire(holder);
        List<Call> waiting = new ArrayList<>();
        for (int i = 0; i < 50_000; i++) {
            Call w = new Call();
            waiting.add(w);
            pool.acquire(w);
        }
        refuse[0] = true;
        holder.got.open = false;
        pool.closed(holder.got);

        assertThat(waiting).allSatisfy(w -> assertThat(w.failure).hasMessage("Too many open files"));
        assertThat(pool.connections()).isZero();
    }
}
