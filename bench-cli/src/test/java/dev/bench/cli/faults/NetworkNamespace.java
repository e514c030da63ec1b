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

    /**
     * Takes the first free number from {@code from} on (another test run on this machine may hold some:
     * the namespace's creation is what claims a number, so two runs never share one).
     *
     * @param from 1..254
     */
    static NetworkNamespace create(int from) {
        for (int n = from; n <= 254; n++) {
            try {
                Shell.run("ip", "netns", "add", "benchf" + n);
            } catch (IllegalStateException taken) {
                continue;
            }
            return setUp(n);
        }
        throw new IllegalStateException("no free network namespace number from " + from + " to 254");
    }

    /** The veth pair of a namespace number this run has claimed (a link left by a crashed run is replaced). */
    private static NetworkNamespace setUp(int n) {
        String ns = "benchf" + n;
        String host = "bfh" + n;
        String client = "bfc" + n;
        Shell.quietly("ip", "link", "del", host);
        String hostAddress = "169.254." + n + ".1";
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
    /** 1..254, distinct among the namespaces alive on this machine: a base for ports of the test's own. */
    int number() {
        return Integer.parseInt(name.substring("benchf".length()));
    }

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

    /**
     * Heals, and forgets the namespace's neighbours, for a run that starts next: the partitioned run's last connects
     * leave an ARP resolution in progress with its probes spent, and a connect made within a second of the heal joins
     * it and fails with "No route to host" (seen in the cell after the permanent partition).
     */
    void healForNextRun() {
        heal();
        Shell.run("ip", "-n", name, "neigh", "flush", "all");
    }

    @Override
    public void close() {
        Shell.quietly("ip", "netns", "del", name);
        Shell.quietly("ip", "link", "del", hostDevice);
    }
}
