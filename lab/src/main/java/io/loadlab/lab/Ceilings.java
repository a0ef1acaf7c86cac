package io.loadlab.lab;

import io.loadlab.core.Defaults;
import io.loadlab.core.result.Ceiling;
import io.loadlab.core.result.LoadLevel;
import io.loadlab.core.unit.Duration;
import io.loadlab.lab.spec.ScenarioSpec;
import java.util.Locale;
import java.util.Map;

/**
 * A trial's theoretical bounds, so that a plateau explains itself. When every request waits {@code d} (the delay,
 * or the backend's delay), N closed-model connections cannot exceed N ÷ d, and a model whose threads block while
 * waiting cannot exceed threads ÷ d: 1 for single-thread, the pool for thread-pool, the container's maximum for
 * servlet-sync, the worker pool for servlet-async with {@code offload=worker}. The floor is d itself.
 */
final class Ceilings {
    private Ceilings() {}

    static Ceiling of(String model, ScenarioSpec s, LoadLevel level, Map<String, Object> settings, Duration backend) {
        Duration wait = switch (s.kind()) {
            case DELAY -> s.delay();
            case BACKEND -> backend;
            default -> null;
        };
        if (s.kind() == io.loadlab.lab.spec.ScenarioKind.MIXED) {
            int slowConns = (int) Math.round(level.connections() * s.slow() / (double) (s.fast() + s.slow()));
            double sec = s.delay().toSeconds();
            return new Ceiling(
                    null,
                    null,
                    String.format(
                            Locale.ROOT,
                            "slow requests at most %d connections ÷ %s = %.0f req/s; fast requests are bound by CPU",
                            slowConns,
                            s.delay(),
                            slowConns / sec),
                    null,
                    null);
        }
        if (wait == null || wait.nanos() == 0) {
            return new Ceiling(null, null, "CPU-bound: no bound below the server's CPUs", null, null);
        }
        double sec = wait.toSeconds();
        double floorMs = wait.nanos() / 1e6;
        double bound = level.rateRps() != null ? level.rateRps() : level.connections() / sec;
        String why = level.rateRps() != null
                ? String.format(Locale.ROOT, "target rate %.0f req/s", level.rateRps())
                : String.format(Locale.ROOT, "%d connections ÷ %s = %.0f req/s", level.connections(), wait, bound);
        Integer threads = blockingThreads(model, settings);
        if (threads != null && threads / sec < bound) {
            bound = threads / sec;
            why = String.format(Locale.ROOT, "%d blocking threads ÷ %s = %.0f req/s", threads, wait, bound);
        }
        return new Ceiling(bound, floorMs, why, null, null);
    }

    /** Threads that block while a request waits, or null when waiting holds no thread (or one per connection). */
    static Integer blockingThreads(String model, Map<String, Object> settings) {
        return switch (model) {
            case "single-thread" -> 1;
            case "thread-pool" -> intSetting(settings, Defaults.POOL_THREADS, "threads", "pool_threads");
            case "servlet-sync" -> intSetting(settings, Defaults.SERVLET_MAX_THREADS, "max_threads", "threads");
            case "servlet-async" ->
                "worker".equals(String.valueOf(settings.get("offload")))
                        ? intSetting(settings, Defaults.WORKER_THREADS, "worker_threads", "workers")
                        : null;
            default -> null;
        };
    }

    private static int intSetting(Map<String, Object> settings, int fallback, String... keys) {
        for (String k : keys) {
            Object v = settings.get(k);
            if (v instanceof Number n) {
                return n.intValue();
            }
            if (v instanceof String str && str.matches("\\d+")) {
                return Integer.parseInt(str);
            }
        }
        return fallback;
    }
}
