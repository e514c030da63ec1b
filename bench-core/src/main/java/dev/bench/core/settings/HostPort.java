package dev.bench.core.settings;

import dev.bench.core.BenchException;

import java.net.InetSocketAddress;

/**
 * One {@code host[:port]} as users write them ({@code db.example:5432}, {@code [::1]:11211}), checked
 * before anything connects, so a typo is bad input rather than a connection failure.
 */
public final class HostPort {

    private HostPort() {
    }

    /**
     * @param name        the option, key or URL the entry came from, for the error
     * @param defaultPort the port when the entry names none; 0 to keep it unnamed (the driver's default)
     * @return the entry, unresolved (resolution happens when connecting, so an unknown host fails there)
     * @throws BenchException naming the bad entry
     */
    public static InetSocketAddress parse(String name, String entry, int defaultPort) {
        String host = entry;
        String port = null;
        if (entry.startsWith("[")) {
            int close = entry.indexOf(']');
            if (close < 0 || close < entry.length() - 1 && entry.charAt(close + 1) != ':') {
                throw new BenchException(name + " entry '" + entry + "' is not [IPv6]:port");
            }
            host = entry.substring(1, close);
            port = close < entry.length() - 1 ? entry.substring(close + 2) : null;
        } else if (entry.indexOf(':') != entry.lastIndexOf(':')) {
            throw new BenchException(name + " entry '" + entry + "': write an IPv6 address in brackets, e.g. [::1]:5432");
        } else if (entry.indexOf(':') >= 0) {
            host = entry.substring(0, entry.indexOf(':'));
            port = entry.substring(entry.indexOf(':') + 1);
        }
        if (host.isEmpty()) {
            throw new BenchException(name + " entry '" + entry + "' names no host");
        }
        if (port == null) {
            return InetSocketAddress.createUnresolved(host, defaultPort);
        }
        int p;
        try {
            p = Integer.parseInt(port);
        } catch (NumberFormatException e) {
            p = -1;
        }
        if (p < 1 || p > 65535) {
            throw new BenchException(name + " entry '" + entry + "' has no valid port (1..65535)");
        }
        return InetSocketAddress.createUnresolved(host, p);
    }
}
