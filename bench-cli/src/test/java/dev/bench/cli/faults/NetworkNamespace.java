package dev.bench.cli.faults;

import java.util.ArrayList;
import java.util.List;

/**
 * A network namespace of the test's own, joined to the root namespace by a veth pair with link-local
 * addresses (169.254.N.1 on the host side, .2 on the client side). A client started in it reaches the
 * host only over the veth, so {@link #partition()} (the host side's link set down) is a real partition:
 * packets are dropped without a reset, as a failed switch looks to the client. tc's qdiscs are not
 * in this kernel; link state is.
 */
final class NetworkNamespace implements AutoCloseable {

    private final String name;
    private final String hostDevice;
    private final String hostAddress;

    private NetworkNamespace(String name, String hostDevice, String hostAddress) {
        this.name = name;
        this.hostDevice = hostDevice;
        this.hostAddress = hostAddress;
    }

    /** Whether this machine lets the test make one: root, and {@code ip netns} works. */
    static boolean available() {
        if (!Shell.isRoot()) {
            return false;
        }
        try {
            Shell.run("ip", "netns", "list");
            return true;
        } catch (IllegalStateException e) {
            return false;
        }
    }

    /** @param n 1..254, distinct per namespace alive at once */
    static NetworkNamespace create(int n) {
        String ns = "benchf" + n;
        String host = "bfh" + n;
        String client = "bfc" + n;
        Shell.quietly("ip", "netns", "del", ns);
        Shell.quietly("ip", "link", "del", host);
        String hostAddress = "169.254." + n + ".1";
        Shell.run("ip", "netns", "add", ns);
        Shell.run("ip", "link", "add", host, "type", "veth", "peer", "name", client);
        Shell.run("ip", "link", "set", client, "netns", ns);
        Shell.run("ip", "addr", "add", hostAddress + "/30", "dev", host);
        Shell.run("ip", "link", "set", host, "up");
        Shell.run("ip", "-n", ns, "addr", "add", "169.254." + n + ".2/30", "dev", client);
        Shell.run("ip", "-n", ns, "link", "set", client, "up");
        Shell.run("ip", "-n", ns, "link", "set", "lo", "up");
        return new NetworkNamespace(ns, host, hostAddress);
    }

    /** The root namespace's address on the veth: where the client finds its servers (through relays). */
    String hostAddress() {
        return hostAddress;
    }

    /** The command, run inside this namespace. */
    List<String> inside(List<String> command) {
        List<String> cmd = new ArrayList<>(List.of("ip", "netns", "exec", name));
        cmd.addAll(command);
        return cmd;
    }

    void partition() {
        Shell.run("ip", "link", "set", hostDevice, "down");
    }

    void heal() {
        Shell.run("ip", "link", "set", hostDevice, "up");
    }

    @Override
    public void close() {
        Shell.quietly("ip", "netns", "del", name);
        Shell.quietly("ip", "link", "del", hostDevice);
    }
}
