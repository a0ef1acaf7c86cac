package io.loadlab.cli;

import io.loadlab.core.UserError;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** Parses {@code --source-addresses}: IPv4 addresses and inclusive ranges, comma separated. */
final class LoadAddresses {
    private LoadAddresses() {}

    static List<InetAddress> parse(String text) {
        if (text == null || text.isBlank()) {
            return List.of();
        }
        Set<InetAddress> out = new LinkedHashSet<>();
        for (String part : text.split(",")) {
            String p = part.trim();
            int dash = p.indexOf('-');
            if (dash < 0) {
                out.add(address(p, text));
                continue;
            }
            long from = toLong(address(p.substring(0, dash).trim(), text), text);
            long to = toLong(address(p.substring(dash + 1).trim(), text), text);
            if (to < from || to - from > 65_535) {
                throw new UserError("--source-addresses: bad range '" + p + "'; e.g. 127.0.0.1-127.0.0.16");
            }
            for (long v = from; v <= to; v++) {
                out.add(fromLong(v));
            }
        }
        return new ArrayList<>(out);
    }

    private static InetAddress address(String s, String all) {
        if (!s.matches("[0-9.]+")) {
            throw new UserError("--source-addresses: '" + s + "' is not an IPv4 address; e.g. 127.0.0.1-127.0.0.16");
        }
        try {
            return InetAddress.getByName(s);
        } catch (UnknownHostException e) {
            throw new UserError("--source-addresses: '" + s + "' is not an IPv4 address; e.g. 127.0.0.1-127.0.0.16");
        }
    }

    private static long toLong(InetAddress a, String all) {
        if (!(a instanceof Inet4Address)) {
            throw new UserError("--source-addresses: only IPv4 ranges are supported, got '" + all + "'");
        }
        byte[] b = a.getAddress();
        return ((b[0] & 0xffL) << 24) | ((b[1] & 0xffL) << 16) | ((b[2] & 0xffL) << 8) | (b[3] & 0xffL);
    }

    private static InetAddress fromLong(long v) {
        try {
            return InetAddress.getByAddress(
                    new byte[] {(byte) (v >>> 24), (byte) (v >>> 16), (byte) (v >>> 8), (byte) v});
        } catch (UnknownHostException e) {
            throw new IllegalStateException(e);
        }
    }
}
