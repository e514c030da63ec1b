package dev.bench.core.memcached;

import dev.bench.core.BenchException;

import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;

/** Parses {@code --address host:port[,host:port...]} (commas or spaces between servers). */
public final class MemcachedAddresses {

    public static final int DEFAULT_PORT = 11211;
    /** Where memcached is looked for when no address is given. */
    public static final String DEFAULT = "127.0.0.1:" + DEFAULT_PORT;

    private MemcachedAddresses() {
    }

    /**
     * @return the servers in the order given, unresolved (resolution happens when connecting, so a
     *         typo'd host fails there with its name)
     * @throws BenchException naming the bad entry
     */
    public static List<InetSocketAddress> parse(String addresses) {
        return parse("--address", addresses);
    }

    /** @param name the option or key the addresses came from, as the user spelled it, for the error */
    public static List<InetSocketAddress> parse(String name, String addresses) {
        if (addresses == null || addresses.isBlank()) {
            throw new BenchException(name + " must name at least one memcached server as host:port");
        }
        LinkedHashSet<InetSocketAddress> parsed = new LinkedHashSet<>();
        for (String entry : addresses.trim().split("[,\\s]+")) {
            if (!parsed.add(parseOne(name, entry))) {
                throw new BenchException(name + " names " + entry + " twice");
            }
        }
        return new ArrayList<>(parsed);
    }

    private static InetSocketAddress parseOne(String name, String entry) {
        int colon = entry.lastIndexOf(':');
        String host = colon < 0 ? entry : entry.substring(0, colon);
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1); // [::1]:11211
        }
        if (host.isEmpty() || colon == entry.length() - 1) {
            throw new BenchException(name + " entry '" + entry + "' is not host:port");
        }
        int port = DEFAULT_PORT;
        if (colon >= 0) {
            try {
                port = Integer.parseInt(entry.substring(colon + 1));
            } catch (NumberFormatException e) {
                port = -1;
            }
            if (port < 1 || port > 65535) {
                throw new BenchException(name + " entry '" + entry + "' has no valid port (1..65535)");
            }
        }
        return InetSocketAddress.createUnresolved(host, port);
    }

    /** host:port as the user wrote it, for messages. */
    public static String format(InetSocketAddress address) {
        String host = address.getHostString();
        return (host.contains(":") ? "[" + host + "]" : host) + ":" + address.getPort();
    }
}
