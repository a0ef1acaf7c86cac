package io.loadlab.frameworks.rxnetty;

import io.netty.channel.EventLoopGroup;
import io.netty.util.concurrent.EventExecutor;
import io.reactivex.netty.RxNetty;
import io.reactivex.netty.threads.SingleNioLoopProvider;

/**
 * RxNetty's event loops as RxNetty runs them: one group per process (its {@link RxNetty#getRxEventLoopProvider()
 * loop provider}), shared by the server, which accepts on one of its loops too, and by every client, whose
 * connections stay on the loop of the request that opened them. RxNetty's own default is one loop per CPU; the lab
 * sizes it with {@code LOADLAB_EVENT_LOOPS} (default one per usable CPU). The first application started in a process
 * sizes it: the loops outlive any one server.
 */
final class EventLoops {
    private static EventLoopGroup shared;

    private EventLoops() {}

    /** The process's loops, made of {@code count} loops on first use. */
    static synchronized EventLoopGroup shared(int count) {
        if (shared == null) {
            RxNetty.useEventLoopProvider(new SingleNioLoopProvider(count));
            shared = RxNetty.getRxEventLoopProvider().globalServerEventLoop();
        }
        return shared;
    }

    /** The loops of {@code group}, counted. */
    static int count(EventLoopGroup group) {
        int n = 0;
        for (EventExecutor ignored : group) {
            n++;
        }
        return n;
    }
}
