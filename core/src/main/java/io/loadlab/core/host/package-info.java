/**
 * The host's limits on connections and threads ({@code /proc}, {@code /sys}) and what they mean for a benchmark: the
 * findings {@code loadlab doctor} prints and the connection ceiling the lab and the Kubernetes sizing check a load
 * against. Read-only: nothing here changes the host.
 */
package io.loadlab.core.host;
