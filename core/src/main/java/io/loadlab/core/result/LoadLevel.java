package io.loadlab.core.result;

/** The load of a trial: closed model ({@code connections}) or open model ({@code rate_rps}, with a connection cap). */
public record LoadLevel(int connections, Double rateRps) {
    /** The x-axis value of charts: the rate in the open model, the connections in the closed one. */
    public double axisValue() {
        return rateRps != null ? rateRps : connections;
    }

    public String label() {
        return rateRps != null ? String.format("%.0f req/s", rateRps) : connections + " conn";
    }
}
