package io.loadlab.frameworks.rxnetty;

import java.util.ArrayDeque;
import java.util.concurrent.Executor;
import rx.Observable;
import rx.observers.Subscribers;
import rx.subscriptions.Subscriptions;

/**
 * At most {@code permits} backend calls at once; the others wait their turn in order, holding no thread. RxNetty 0.5's
 * bounded pool does not queue: past its limit a call fails at once with {@code PoolExhaustedException}. With the
 * gate as wide as the pool, calls wait here instead, as every other model's client makes them wait. A call gives its
 * permit back when it ends or is unsubscribed (a timeout); a waiting call whose turn comes is started on its own
 * executor (its request's event loop), never inside the call that ended.
 */
final class CallGate {
    private final int permits;
    private final ArrayDeque<Waiter> waiting = new ArrayDeque<>();
    private int running;

    CallGate(int permits) {
        this.permits = permits;
    }

    int permits() {
        return permits;
    }

    /** {@code call}, subscribed once a permit is free; its turn, when it has to wait, starts on {@code executor}. */
    <T> Observable<T> submit(Observable<T> call, Executor executor) {
        return Observable.create(subscriber -> {
            Waiter w = new Waiter(executor);
            subscriber.add(Subscriptions.create(() -> leave(w)));
            w.start = () -> {
                if (subscriber.isUnsubscribed()) {
                    leave(w);
                } else {
                    call.doAfterTerminate(() -> leave(w)).unsafeSubscribe(Subscribers.wrap(subscriber));
                }
            };
            enter(w);
        });
    }

    private void enter(Waiter w) {
        synchronized (this) {
            if (w.state == Waiter.DONE) { // unsubscribed before it asked
                return;
            }
            if (running >= permits) {
                waiting.add(w);
                return;
            }
            running++;
            w.state = Waiter.RUNNING;
        }
        w.start.run();
    }

    private void leave(Waiter w) {
        Waiter next;
        synchronized (this) {
            if (w.state == Waiter.DONE) {
                return;
            }
            boolean held = w.state == Waiter.RUNNING;
            w.state = Waiter.DONE;
            if (!held) {
                waiting.remove(w);
                return;
            }
            next = waiting.poll();
            if (next == null) {
                running--;
                return;
            }
            next.state = Waiter.RUNNING;
        }
        next.executor.execute(next.start);
    }

    /** A call waiting for, holding, or done with a permit; its state is guarded by the gate. */
    private static final class Waiter {
        static final int WAITING = 0;
        static final int RUNNING = 1;
        static final int DONE = 2;

        final Executor executor;
        Runnable start;
        int state = WAITING;

        Waiter(Executor executor) {
            this.executor = executor;
        }
    }
}
