package io.loadlab.loadgen;

import io.loadlab.core.UserError;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.UnknownHostException;

/**
 * Checks, before any load is sent, that the target resolves and accepts one connection and that every source
 * address can be bound. Failures are {@link UserError}s with a one-line hint. Blocking; called once per run.
 */
final class Preflight {
    private Preflight() {}

    static InetSocketAddress check(LoadSpec spec) {
        Target t = spec.target();
        InetAddress address;
        try {
            address = InetAddress.getByName(t.host());
        } catch (UnknownHostException e) {
            throw new UserError("cannot resolve host '" + t.host() + "'; check the URL");
        }
        InetSocketAddress remote = new InetSocketAddress(address, t.port());
        for (InetAddress source : spec.sourceAddresses()) {
            try (Socket s = new Socket()) {
                s.bind(new InetSocketAddress(source, 0));
            } catch (IOException e) {
                throw new UserError("cannot bind source address " + source.getHostAddress() + ": " + e.getMessage()
                        + "; use local addresses such as 127.0.0.1-127.0.0.16");
            }
        }
        int connectTimeout = (int) Math.min(spec.timeout().toMillis(), 10_000);
        try (Socket s = new Socket()) {
            s.connect(remote, connectTimeout);
        } catch (IOException e) {
            throw new UserError("cannot connect to " + t.host() + ":" + t.port() + ": " + e.getMessage()
                    + "; is the server running?");
        }
        return remote;
    }
}
