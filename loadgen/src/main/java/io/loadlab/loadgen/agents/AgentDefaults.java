package io.loadlab.loadgen.agents;

import io.loadlab.core.unit.Duration;

/** The defaults of load agents and of their merge; the help and docs/distributed.md quote them. */
public final class AgentDefaults {
    private AgentDefaults() {}

    /** An agent whose window opened further than this from the shared start instant is flagged as drifted. */
    public static final double DRIFT_TOLERANCE_MS = 20;

    /** Open model: an agent that achieved less than this fraction of its share of the rate could not hold it. */
    public static final double RATE_HELD = 0.95;

    /** Local agents: how far ahead of the moment every agent is connected the shared start is set. */
    public static final Duration LOCAL_START_LEAD = Duration.ofSeconds(1);

    /** How long an agent waits for the shared start once connected before it begins on its own. */
    public static final Duration ARM_TIMEOUT = Duration.ofSeconds(120);

    /** The file an agent writes into its output directory: its report, histograms and window. */
    public static final String AGENT_FILE = "agent.json";

    /** The histogram log an agent writes beside it. */
    public static final String HLOG_FILE = "load.hlog";

    /** The prefix of the one line an agent writing to standard output (a pod's log) puts its output on. */
    public static final String LOG_MARKER = "loadlab-agent-output ";
}
