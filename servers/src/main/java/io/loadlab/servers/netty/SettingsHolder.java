package io.loadlab.servers.netty;

/**
 * The settings JSON, known only once the port is bound, yet needed by the endpoints built before binding. Written
 * once before the first connection is accepted; read by every loop.
 */
final class SettingsHolder {
    private volatile byte[] json = new byte[0];

    void set(byte[] value) {
        json = value;
    }

    byte[] get() {
        return json;
    }
}
