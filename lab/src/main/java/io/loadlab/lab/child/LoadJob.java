package io.loadlab.lab.child;

import com.fasterxml.jackson.annotation.JsonCreator;
import io.loadlab.core.unit.Duration;
import io.loadlab.core.unit.Rate;
import io.loadlab.loadgen.LoadSpec;
import io.loadlab.loadgen.RetryPolicy;
import io.loadlab.loadgen.ScenarioDefinition;
import io.loadlab.loadgen.agents.AgentDefaults;
import io.loadlab.loadgen.agents.AgentShare;
import io.loadlab.transport.NettyTransport;
import java.nio.file.Path;

/**
 * Load a server: a warm-up, then the measured window, closed model ({@code rateRps} null) or open model.
 *
 * @param url the full URL of a single request, or the server's base URL when {@code scenario} is given
 * @param connections closed model: the connections; open model: the connections opened at start and the cap
 * @param warmup load sent before the window on the same connections, not recorded: at least this long
 * @param maxWarmup the longest the warm-up may stretch while the lab holds the window back (it sends
 *     {@link ChildCommand.Measure} when the server is warm)
 * @param scenario the weighted requests, or null for one {@code GET url}
 * @param json where the child writes its report ({@code load.json})
 * @param hlog where it writes its HdrHistogram interval log
 * @param agents when the trial's load is split over load agents: how many (this job holds its share already)
 * @param agentIndex this agent's index; it waits for its shared start ({@link ChildCommand.StartAt}) and writes its
 *     output beside {@code hlog} for the merge
 * @param http2 HTTP/2: h2c with prior knowledge for {@code http://}, h2 by ALPN for {@code https://}
 * @param maxStreams HTTP/2: requests in flight per connection at most (1 over HTTP/1.1)
 * @param retry how the load generator retries a failed attempt; null: never
 * @param transport the load generator's Netty transport; null: its default
 * @param expectBody the exact body of a right answer to the single {@code GET url} (null: any), checked on a sample
 *     of the answers under load; a scenario's requests say their own
 */
public record LoadJob(
        String url,
        int connections,
        Double rateRps,
        Duration warmup,
        Duration maxWarmup,
        Duration duration,
        Duration timeout,
        ScenarioDefinition scenario,
        String json,
        String hlog,
        Integer agents,
        Integer agentIndex,
        boolean http2,
        int maxStreams,
        RetryPolicy retry,
        NettyTransport transport,
        String expectBody)
        implements ChildJob {

    @JsonCreator
    public LoadJob {
        maxStreams = Math.max(1, maxStreams);
    }

    /**
     * Load agent {@code share}'s part of this job: its share of the connections and the rate, its output written into
     * {@code out} for the merge.
     */
    public LoadJob forAgent(AgentShare share, Path out) {
        AgentShare.Load part = share.of(connections, connections, rateRps);
        return new LoadJob(
                url,
                part.connections(),
                part.ratePerSecond(),
                warmup,
                maxWarmup,
                duration,
                timeout,
                scenario,
                out.resolve("load.json").toString(),
                out.resolve(AgentDefaults.HLOG_FILE).toString(),
                share.agents(),
                share.index(),
                http2,
                maxStreams,
                retry,
                transport,
                expectBody);
    }

    /** True when this job is one load agent of several. */
    public boolean agent() {
        return agents != null && agents > 1 && agentIndex != null;
    }

    /** The load generator's spec; its scenario's files are read relative to {@code dir}. */
    public LoadSpec toSpec(Path dir) {
        LoadSpec.Builder b = LoadSpec.builder(url)
                .connections(connections)
                .warmup(warmup)
                .maxWarmup(maxWarmup)
                .duration(duration)
                .hlog(hlog == null ? null : Path.of(hlog))
                // the servers the lab starts present a certificate it made for the run: encrypt, do not verify
                .insecure(url.startsWith("https:"))
                .http2(http2)
                .maxStreams(maxStreams)
                .retry(retry)
                .transport(transport)
                .expectBody(expectBody);
        if (timeout != null) {
            b.timeout(timeout);
        }
        if (rateRps != null) {
            b.rate(Rate.perSecond(rateRps)).maxConnections(connections);
        }
        if (scenario != null) {
            b.scenario(scenario.toScenario(dir));
        }
        return b.build();
    }
}
