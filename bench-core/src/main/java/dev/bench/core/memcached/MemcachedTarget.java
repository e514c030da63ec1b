package dev.bench.core.memcached;

import dev.bench.core.BenchException;
import dev.bench.core.Hosts;
import net.spy.memcached.ConnectionFactory;
import net.spy.memcached.ConnectionFactoryBuilder;
import net.spy.memcached.DefaultHashAlgorithm;
import net.spy.memcached.FailureMode;
import net.spy.memcached.KetamaNodeLocator;
import net.spy.memcached.MemcachedClient;
import net.spy.memcached.MemcachedNode;
import net.spy.memcached.NodeLocator;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.LockSupport;

/**
 * memcached servers under test, reached through several spymemcached clients. One client funnels
 * every call through its single I/O thread, which caps a client at what that thread can push (see
 * bench-jmh's {@code SpymemcachedOps}); workers are spread over {@code clients} clients so the load
 * scales with them. Several servers are one pool: keys are spread by Ketama consistent hashing, as
 * memcached pools are deployed, and every client maps a key to the same server.
 *
 * <p>Failures: {@link #open} checks every server answers before anything else happens, so a wrong or
 * dead address fails at once with one line naming it (spymemcached alone would retry forever in the
 * background). Operations to a server that went down are cancelled at once ({@link FailureMode#Cancel},
 * never redistributed: a counter moved to another server would split in two); spymemcached reconnects
 * about once a second, and {@link #awaitConnected} lets a caller wait, bounded, until it has.
 *
 * <p>Threading: {@link #client} and {@link #awaitConnected} from any thread; {@link #close} once, after
 * the run.
 */
public final class MemcachedTarget implements AutoCloseable {

    static {
        // Before the first spymemcached class loads: log through SLF4J (the CLI binds slf4j-nop), not
        // spymemcached's own stderr logger, which prints a line per reconnect attempt.
        System.setProperty("net.spy.log.LoggerImpl", "net.spy.memcached.compat.log.SLF4JLogger");
    }

    public static final long OP_TIMEOUT_MS = 2_000;
    private static final long MAX_RECONNECT_DELAY_SECONDS = 1;
    private static final long CONNECT_WAIT_MS = 5_000;

    private final List<InetSocketAddress> servers;
    private final MemcachedClient[] clients;
    private final String version;
    /**
     * The pool's Ketama ring, built once as every client's is (same servers, same hash), so a key's server is a hash
     * and a look-up: {@code client.getNodeLocator()} copies the client's ring on every call. Null until open.
     */
    private NodeLocator keys;
    /** {@link #keys}' nodes' {@link Hosts} numbers; read-only once open. */
    private final Map<MemcachedNode, Integer> hostOfNode = new IdentityHashMap<>();
    /** {@link #keys}' nodes' places in {@link #servers}; read-only once open. */
    private final Map<MemcachedNode, Integer> indexOfNode = new IdentityHashMap<>();

    private MemcachedTarget(List<InetSocketAddress> servers, MemcachedClient[] clients, String version) {
        this.servers = servers;
        this.clients = clients;
        this.version = version;
    }

    /**
     * @param addresses {@code host:port[,host:port...]}
     * @param clients   spymemcached clients (each one I/O thread and one connection per server)
     * @throws BenchException naming the address when a server does not answer within seconds
     */
    public static MemcachedTarget open(String addresses, int clients) {
        List<InetSocketAddress> servers = MemcachedAddresses.parse(addresses);
        if (clients < 1) {
            throw new BenchException("memcached clients must be >= 1, got " + clients);
        }
        Set<String> versions = new LinkedHashSet<>();
        List<InetSocketAddress> resolved = new ArrayList<>();
        for (InetSocketAddress server : servers) {
            versions.add(MemcachedProbe.version(server));
            resolved.add(new InetSocketAddress(server.getHostString(), server.getPort()));
        }
        MemcachedClient[] opened = new MemcachedClient[clients];
        MemcachedTarget target = new MemcachedTarget(servers, opened, "memcached " + String.join(", ", versions));
        try {
            ConnectionFactory factory = connectionFactory(servers.size());
            for (int i = 0; i < clients; i++) {
                opened[i] = new MemcachedClient(factory, resolved);
            }
            for (MemcachedClient client : opened) {
                target.awaitConnected(client, CONNECT_WAIT_MS);
            }
            List<MemcachedNode> nodes = new ArrayList<>(opened[0].getNodeLocator().getAll());
            target.keys = new KetamaNodeLocator(nodes, DefaultHashAlgorithm.KETAMA_HASH); // as a pool's clients place keys
            List<String> given = servers.stream().map(MemcachedAddresses::format).toList();
            for (MemcachedNode node : nodes) {
                String name = name(node);
                target.hostOfNode.put(node, name == null ? Hosts.UNNAMED : Hosts.indexOf(name));
                target.indexOfNode.put(node, given.indexOf(name));
            }
            return target;
        } catch (IOException e) {
            target.close();
            throw new BenchException("cannot connect to memcached: " + e.getMessage(), e);
        }
    }

    /**
     * A pool's keys are placed by Ketama; one server's need no placing, and spymemcached's Ketama look-up is an MD5 of
     * the key on every op (the array locator's is the key's hashCode).
     */
    static ConnectionFactory connectionFactory(int servers) {
        boolean pool = servers > 1;
        return new ConnectionFactoryBuilder()
                .setProtocol(ConnectionFactoryBuilder.Protocol.TEXT)
                .setLocatorType(pool ? ConnectionFactoryBuilder.Locator.CONSISTENT : ConnectionFactoryBuilder.Locator.ARRAY_MOD)
                .setHashAlg(pool ? DefaultHashAlgorithm.KETAMA_HASH : DefaultHashAlgorithm.NATIVE_HASH)
                .setFailureMode(FailureMode.Cancel)
                .setOpTimeout(OP_TIMEOUT_MS)
                .setMaxReconnectDelay(MAX_RECONNECT_DELAY_SECONDS)
                .setDaemon(true)
                .build();
    }

    /** The client for a worker: workers are spread round-robin over the clients. */
    public MemcachedClient client(int worker) {
        return clients[Math.floorMod(worker, clients.length)];
    }

    public int clientCount() {
        return clients.length;
    }

    /** The pool's size. */
    public int serverCount() {
        return servers.size();
    }

    /**
     * Waits until {@code client} is connected to every server (spymemcached reconnects in the background).
     *
     * @throws MemcachedUnavailableException naming the servers still down after {@code timeoutMs}
     */
    public void awaitConnected(MemcachedClient client, long timeoutMs) throws MemcachedUnavailableException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMs);
        while (true) {
            List<String> down = downServers(client);
            if (down.isEmpty()) {
                return;
            }
            if (System.nanoTime() - deadline > 0) {
                throw new MemcachedUnavailableException("memcached at " + String.join(", ", down)
                        + " is not reachable (waited " + timeoutMs + " ms)");
            }
            if (Thread.currentThread().isInterrupted()) {
                throw new MemcachedUnavailableException("interrupted while waiting for memcached at " + String.join(", ", down));
            }
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(10));
        }
    }

    /**
     * Waits until {@code client} can serve: connected to every server, or, in a pool, to at least one (a
     * pool goes on without a member that died; ops needing it fail on their own).
     *
     * @throws MemcachedUnavailableException naming the servers still down after {@code timeoutMs}
     */
    public void awaitServing(MemcachedClient client, long timeoutMs) throws MemcachedUnavailableException {
        if (downServers(client).size() < servers.size()) {
            return;
        }
        awaitConnected(client, timeoutMs);
    }

    /**
     * A failure of {@code client}'s as an exception naming the servers that are down: a
     * {@link MemcachedMemberDownException} when some but not all are, else a {@link MemcachedUnavailableException}.
     */
    public MemcachedUnavailableException unavailable(MemcachedClient client, String why, Throwable cause) {
        List<String> down = downServers(client);
        if (!down.isEmpty() && down.size() < servers.size()) {
            return new MemcachedMemberDownException("memcached at " + String.join(", ", down) + " is down (the pool's "
                    + (servers.size() - down.size()) + " other servers serve): " + why, cause);
        }
        return new MemcachedUnavailableException("memcached at " + (down.isEmpty() ? addresses() : String.join(", ", down))
                + " failed: " + why, cause);
    }

    /** The server a key lives on, as host:port (Ketama: the same for every client). */
    public String serverOf(String key) {
        String name = name(keys.getPrimary(key));
        return name != null ? name : "?";
    }

    /** The place in {@link #servers()} of the server a key lives on: the ring every spymemcached client of the pool uses. */
    public int serverIndex(String key) {
        return servers.size() == 1 ? 0 : indexOfNode.get(keys.getPrimary(key));
    }

    /** The pool's servers, as given. */
    public List<InetSocketAddress> servers() {
        return servers;
    }

    /**
     * The {@link Hosts} number of the server a key lives on: what a session names per op ({@code Batch.servedBy}).
     * A hash and a map look-up, nothing asked of the server.
     */
    public int hostOf(String key) {
        Integer host = hostOfNode.get(keys.getPrimary(key));
        return host != null ? host : Hosts.UNNAMED;
    }

    /**
     * Waits for a spymemcached future, turning its ways of saying "the server is gone" (cancelled, timed out)
     * into one exception that names the servers that are down ({@link #lost}).
     */
    public <T> T await(MemcachedClient client, Future<T> future) throws Exception {
        try {
            return future.get(OP_TIMEOUT_MS, TimeUnit.MILLISECONDS);
        } catch (ExecutionException | TimeoutException | RuntimeException e) {
            throw lost(client, e);
        }
    }

    /**
     * A spymemcached failure as a {@link MemcachedUnavailableException} naming the servers that are down (a
     * {@link MemcachedMemberDownException} when the pool's others serve); anything else as it is.
     */
    public Exception lost(MemcachedClient client, Exception e) {
        if (e instanceof MemcachedUnavailableException) {
            return e;
        }
        Throwable cause = e instanceof ExecutionException && e.getCause() != null ? e.getCause() : e;
        if (!MemcachedErrors.isMemcachedFailure(cause)) {
            return e; // not a lost server: classified (fatal) as it is
        }
        String why = cause.getMessage() != null ? cause.getMessage() : cause.getClass().getSimpleName();
        return unavailable(client, why, e);
    }

    /** A node's host:port as the servers were given, or null for a node that isn't on a socket address. */
    private static String name(MemcachedNode node) {
        return node.getSocketAddress() instanceof InetSocketAddress a
                ? MemcachedAddresses.format(InetSocketAddress.createUnresolved(a.getHostString(), a.getPort())) : null;
    }

    /** The servers this client has no live connection to, as host:port. */
    public List<String> downServers(MemcachedClient client) {
        List<String> down = new ArrayList<>();
        for (MemcachedNode node : client.getNodeLocator().getAll()) {
            if (!node.isActive() && name(node) != null) {
                down.add(name(node));
            }
        }
        return down;
    }

    /** The servers as given, host:port joined by commas. */
    public String addresses() {
        List<String> out = new ArrayList<>();
        for (InetSocketAddress s : servers) {
            out.add(MemcachedAddresses.format(s));
        }
        return String.join(",", out);
    }

    /** e.g. "memcached 1.6.21 at 127.0.0.1:11211". */
    public String describe() {
        return version + " at " + addresses();
    }

    @Override
    public void close() {
        for (MemcachedClient client : clients) {
            if (client != null) {
                client.shutdown(1, TimeUnit.SECONDS); // bounded: a dead server would keep it waiting
            }
        }
    }
}
