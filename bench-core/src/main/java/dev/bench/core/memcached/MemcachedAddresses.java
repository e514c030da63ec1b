package dev.bench.core.memcached;

import dev.bench.core.BenchException;
import dev.bench.core.settings.HostPort;

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
        return HostPort.parse(name, entry, DEFAULT_PORT);
    }

    /** host:port as the user wrote it, for messages. */
    public static String format(InetSocketAddress address) {
        String host = address.getHostString();
        return (host.contains(":") ? "[" + host + "]" : host) + ":" + address.getPort();
    }
}
