package io.loadlab.e2e.fake;

/** Spins {@code N} threads forever: started pinned to the load generator's CPU, it starves the load generator. */
public final class BusyLoop {
    private BusyLoop() {}

    public static void main(String[] args) throws InterruptedException {
        int n = Integer.parseInt(args[0]);
        for (int i = 0; i < n; i++) {
            Thread t = new Thread(() -> {
                long x = 0;
                while (true) {
                    x += x * 31 + 7;
                    if (x == 42) {
                        System.out.println(x);
                    }
                }
            });
            t.setDaemon(true);
            t.start();
        }
        Thread.sleep(Long.MAX_VALUE);
    }
}
